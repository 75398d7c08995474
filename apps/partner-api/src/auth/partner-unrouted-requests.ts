import { Injectable } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type UnroutedRequestCheck } from '@pft/platform';
import { IdempotentRefusals } from '../idempotency/idempotent-refusals';
import { PartnerRateLimitGuard } from '../rate-limit/partner-rate-limit.guard';
import { PartnerKeyGuard } from './partner-key.guard';

/** The partner API's own paths: `/v1` and what is under it. */
const PARTNER_API_PATH = /^\/v1(?:[/?#]|$)/;

/**
 * An unknown path or a known path with another method (answered 404 or 405 after this), where no
 * guard runs. Under `/v1/`, checked first as every request of the API is (authentication, then the
 * rate limit), by the guards' own code: without a valid key it is 401 and counted as a failed
 * authentication (429 past the address's limit); a valid key's request counts and gets the rate limit
 * headers like any other, or 429 past the limit. Otherwise a request with a made-up key could tell from
 * an unknown path's 404 (rate limit headers or none) whether the key is valid, without ever meeting the
 * failures' limit. A path outside `/v1/` is none of the API's (`/metrics`, a typo of the version): 404
 * or 405 to anyone, no key looked at, nothing counted, so it tells nothing of a key either.
 * A POST under `/v1/` past those checks is answered as any refused POST is under its
 * `Idempotency-Key`: its 404 or 405 (or the 400 of its body) is kept and given again
 * (IdempotentRefusals.claimUnrouted).
 */
@Injectable()
export class PartnerUnroutedRequests implements UnroutedRequestCheck {
  constructor(
    private readonly keys: PartnerKeyGuard,
    private readonly rateLimit: PartnerRateLimitGuard,
    private readonly refusals: IdempotentRefusals,
  ) {}

  async checkUnrouted(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!PARTNER_API_PATH.test(request.url)) return;
    const found = await this.keys.authenticate(request);
    if (!found) return this.keys.refuse(request);
    this.rateLimit.apply(found, reply);
    await this.refusals.claimUnrouted(request, found.record.partnerId);
  }
}
