import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { type PartnerScope } from '@pft/domain';
import { RequestBodyGuard } from '@pft/platform';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { PartnerRateLimitGuard } from '../rate-limit/partner-rate-limit.guard';
import { PartnerKeyGuard } from './partner-key.guard';
import { type CallingPartner, type PartnerRequest } from './partner-request';
import { PartnerScopeGuard, RequiredScope } from './partner-scope.guard';

export type { AuthenticatedKey, CallingPartner, PartnerRequest } from './partner-request';

/**
 * Marks a route of the partner API. Its guards run in the contract's order: a valid key (401), the
 * key's rate limit (429), `scope` when given (403), and only then the body is parsed (400), so that
 * nothing about the request's input is answered before the key is checked. A POST's `Idempotency-Key`
 * is honoured after all of them (IdempotencyInterceptor), so every POST of the API takes one.
 */
export const PartnerEndpoint = (scope?: PartnerScope): MethodDecorator =>
  applyDecorators(
    RequiredScope({ scope }),
    UseGuards(PartnerKeyGuard, PartnerRateLimitGuard, PartnerScopeGuard, RequestBodyGuard),
    UseInterceptors(IdempotencyInterceptor),
    ApiBearerAuth('api-key'),
  );

export const CurrentPartner = createParamDecorator(
  (_: unknown, context: ExecutionContext): CallingPartner => {
    const partner = context.switchToHttp().getRequest<PartnerRequest>().callingPartner;
    // The guards run on every route that uses this decorator; reaching here without a partner is our bug.
    if (!partner) throw new Error('CurrentPartner used on a route without PartnerEndpoint');
    return partner;
  },
);
