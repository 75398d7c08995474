import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { httpRequestOf, RequestBodyGuard } from '@pft/platform';
import { IdempotentRefusals } from '../idempotency/idempotent-refusals';
import { type PartnerRequest } from './partner-request';
import { PartnerScopeGuard } from './partner-scope.guard';

/**
 * The checks of a POST after its key (401) and rate limit (429), in the contract's order: a live key
 * on a sandbox endpoint (404), the scope (403), the body (400). A refusal of theirs is a first answer
 * under the request's `Idempotency-Key`, kept and given again to the same request (IdempotentRefusals),
 * as the answers of the handler are (IdempotencyInterceptor).
 */
@Injectable()
export class PartnerWriteChecksGuard implements CanActivate {
  constructor(
    private readonly scope: PartnerScopeGuard,
    private readonly body: RequestBodyGuard,
    private readonly refusals: IdempotentRefusals,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return this.scope.canActivate(context) && this.body.canActivate(context);
    } catch (refusal) {
      return this.refusals.refuse(httpRequestOf<PartnerRequest>(context), refusal);
    }
  }
}
