import { Injectable } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type UnroutedRequestCheck } from '@pft/platform';
import { PartnerRateLimitGuard } from '../rate-limit/partner-rate-limit.guard';
import { PartnerKeyGuard } from './partner-key.guard';

/**
 * An unknown path or a known path with another method (answered 404 or 405 after this), where no
 * guard runs: a valid key's request counts and gets the rate limit headers like any other, or 429
 * past the limit, by the guards' own code. Without a valid key it is answered 404 or 405 as it is,
 * and not counted as a failed authentication: the path, not the key, is what is wrong.
 */
@Injectable()
export class PartnerUnroutedRequests implements UnroutedRequestCheck {
  constructor(
    private readonly keys: PartnerKeyGuard,
    private readonly rateLimit: PartnerRateLimitGuard,
  ) {}

  async checkUnrouted(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const found = await this.keys.authenticate(request);
    if (found) this.rateLimit.apply(found, reply);
  }
}
