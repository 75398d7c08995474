import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { type PartnerScope, type RequiredScopes } from '@pft/partners/domain';
import { GetOnly, httpRequestOf, RequestBodyGuard } from '@pft/platform';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { ApiIdempotencyKey } from '../openapi/openapi-responses';
import { PartnerRateLimitGuard } from '../rate-limit/partner-rate-limit.guard';
import { PartnerKeyGuard } from './partner-key.guard';
import { type CallingPartner, type PartnerRequest } from './partner-request';
import { PartnerScopeGuard, RequiredScope } from './partner-scope.guard';
import { PartnerWriteChecksGuard } from './partner-write-checks.guard';

export type { AuthenticatedKey, CallingPartner, PartnerRequest } from './partner-request';

export interface PartnerEndpointOptions {
  /** Only sandbox keys reach it; a live key is answered 404 NOT_FOUND, as for an unknown path. */
  sandboxOnly?: boolean;
}

/** The checks of every partner route, in the contract's order: a valid key (401), its rate limit (429), the scope (403). */
const ACCESS_GUARDS = [PartnerKeyGuard, PartnerRateLimitGuard, PartnerScopeGuard];

const partnerRoute = (
  guards: Parameters<typeof UseGuards>,
  scope: RequiredScopes,
  options: PartnerEndpointOptions,
): MethodDecorator =>
  applyDecorators(
    RequiredScope({ scope, sandboxOnly: options.sandboxOnly }),
    UseGuards(...guards),
    ApiBearerAuth('api-key'),
  );

/**
 * Marks a route of the partner API. Its guards run in the contract's order: a valid key (401), the
 * key's rate limit (429), `scope` when given (403), and only then the body is parsed (400), so that
 * nothing about the request's input is answered before the key is checked.
 */
export const PartnerEndpoint = (
  scope?: PartnerScope,
  options: PartnerEndpointOptions = {},
): MethodDecorator => partnerRoute([...ACCESS_GUARDS, RequestBodyGuard], scope, options);

/**
 * Marks a GET route of the partner API: PartnerEndpoint's checks in the same order, without the body
 * guard, which has nothing to do there (Fastify parses no body for a GET). Each guard is a turn of
 * Nest's guard loop on every request, and reads are the requests partners make most. GET alone, as the
 * contract lists it: HEAD is 405 METHOD_NOT_ALLOWED with `Allow: GET` once the key is checked, as any
 * other method, so no read is served (or recorded in a pilot's access history) that sends nothing.
 */
export const PartnerReadEndpoint = (
  scope?: RequiredScopes,
  options: PartnerEndpointOptions = {},
): MethodDecorator => applyDecorators(partnerRoute(ACCESS_GUARDS, scope, options), GetOnly());

/**
 * Marks a POST of the partner API: PartnerEndpoint's checks in the same order, and its
 * `Idempotency-Key` honoured and documented. Every answer after the key and rate limit is a first
 * answer under the key, kept and given again: the refusals of the sandbox, scope and body checks
 * (PartnerWriteChecksGuard) as well as the handler's (IdempotencyInterceptor). Every POST takes it
 * (the OpenAPI test holds each POST to the header); reads do not, so a read never pays for an
 * interceptor.
 */
export const PartnerWriteEndpoint = (
  scope?: PartnerScope,
  options: PartnerEndpointOptions = {},
): MethodDecorator =>
  applyDecorators(
    partnerRoute([PartnerKeyGuard, PartnerRateLimitGuard, PartnerWriteChecksGuard], scope, options),
    UseInterceptors(IdempotencyInterceptor),
    ApiIdempotencyKey(),
  );

export const CurrentPartner = createParamDecorator(
  (_: unknown, context: ExecutionContext): CallingPartner => {
    const partner = httpRequestOf<PartnerRequest>(context).callingPartner;
    // The guards run on every route that uses this decorator; reaching here without a partner is our bug.
    if (!partner) throw new Error('CurrentPartner used on a route without PartnerEndpoint');
    return partner;
  },
);
