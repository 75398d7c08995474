import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { decideRate, rateLimitHeaders, RETRY_AFTER_SECONDS } from '@pft/partners/domain';
import { ApiError, countRateLimited, httpReplyOf, httpRequestOf } from '@pft/platform';
import { type AuthenticatedKey, type PartnerRequest } from '../auth/partner-request';

/**
 * The second check (429): the key's count, made by PartnerKeyGuard, against its per-minute limit.
 * Every request with a valid key carries the rate limit headers, the 429 and later errors included.
 */
@Injectable()
export class PartnerRateLimitGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const found = httpRequestOf<PartnerRequest>(context).partnerKey;
    // PartnerKeyGuard runs first on every route that has this one (PartnerEndpoint).
    if (!found) throw new Error('PartnerRateLimitGuard used without PartnerKeyGuard before it');
    this.apply(found, httpReplyOf(context));
    return true;
  }

  /** The rate limit headers of this request's count, or 429 past the key's limit. */
  apply(found: AuthenticatedKey, reply: FastifyReply): void {
    const decision = decideRate(found.record.rateLimit, found.hit.count, found.hit.window);
    void reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      countRateLimited('api_key');
      throw new ApiError(
        'RATE_LIMITED',
        `This key may make ${decision.limit} requests per minute; retry after the window resets`,
        undefined,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
  }
}
