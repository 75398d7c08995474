import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBearerAuth } from '@nestjs/swagger';
import { type FastifyRequest } from 'fastify';
import { type PartnerScope } from '@pft/domain';

/** What the access hook needs to know of a route; kept in Fastify's route config. */
export interface PartnerAccessRule {
  /** The scope the endpoint needs; undefined: any valid key will do. */
  scope: PartnerScope | undefined;
}

export interface PartnerRouteConfig {
  partnerAccess?: PartnerAccessRule;
}

/** The partner and key a request was authenticated as. */
export interface CallingPartner {
  partnerId: string;
  keyId: string;
  /** The partner read revision when the request was let in; null when Redis could not tell. */
  readRevision: string | null;
}

export type PartnerRequest = FastifyRequest & { callingPartner?: CallingPartner };

/**
 * Marks a route of the partner API: it needs a valid key (and `scope` when given), and counts
 * against the key's rate limit. Checked by PartnerAccessHook before the body is even read.
 */
export const PartnerEndpoint = (scope?: PartnerScope): MethodDecorator =>
  applyDecorators(
    RouteConfig({ partnerAccess: { scope } } satisfies PartnerRouteConfig),
    ApiBearerAuth('api-key'),
  );

export const CurrentPartner = createParamDecorator(
  (_: unknown, context: ExecutionContext): CallingPartner => {
    const partner = context.switchToHttp().getRequest<PartnerRequest>().callingPartner;
    // The hook runs on every route that uses this decorator; reaching here without a partner is our bug.
    if (!partner) throw new Error('CurrentPartner used on a route without PartnerEndpoint');
    return partner;
  },
);
