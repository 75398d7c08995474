import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS } from './redis.token';

/**
 * A counter in Redis that moves on whenever what a partner reads may have changed: a projector batch
 * committed, a connection ended, a rebuilt version switched in. Partner API replicas read it in the
 * same round trip as the rate count and reuse a totals answer only while it stands still (see the
 * partner API's TotalsReadCache), so a disconnect is effective at the next request on every replica.
 * `prefix` is PARTNER_REDIS_PREFIX.
 */
export function partnerReadRevisionKey(prefix: string): string {
  return `${prefix}reads:revision`;
}

/** Moves the counter on; called after the change has committed, never before. */
export async function announcePartnerReadChange(redis: Redis, prefix: string): Promise<void> {
  await redis.incr(partnerReadRevisionKey(prefix));
}

/**
 * The announcement as a service of the apps that change what partners read. It never throws: the
 * change has committed already. If Redis cannot be told, replicas may answer from memory for at most
 * PARTNER_TOTALS_CACHE_MS, the bound every cached answer has anyway.
 */
@Injectable()
export class PartnerReadRevision {
  private readonly logger = new Logger('partner-reads');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  async announceChange(): Promise<void> {
    try {
      await announcePartnerReadChange(this.redis, this.config.PARTNER_REDIS_PREFIX);
    } catch (err) {
      this.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        `Redis not told of a change partners read; cached answers end within ${this.config.PARTNER_TOTALS_CACHE_MS} ms`,
      );
    }
  }
}
