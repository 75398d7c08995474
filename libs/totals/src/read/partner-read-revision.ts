import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { PARTNER_READS_CONFIG, type PartnerReadsVariables } from './partner-reads-variables';
import { REDIS } from '@pft/platform/redis/redis.token';
import { RetryGate } from '@pft/platform/redis/retry-gate';
import { moveRevisionOn } from '@pft/platform/redis/revision-counter';

/**
 * A counter in Redis that moves on whenever what a partner reads may have changed: a projector batch
 * committed, a connection ended, a rebuilt version switched in. Partner API replicas read it in the
 * same round trip as the rate count and reuse a totals answer only while it stands still (see
 * TotalsReadCache), so a disconnect is effective at the next request on every replica.
 * While it is missing (Redis lost its keys, and any change since may be untold) they reuse nothing.
 * `prefix` is PARTNER_REDIS_PREFIX.
 */
export function partnerReadRevisionKey(prefix: string): string {
  return `${prefix}reads:revision`;
}

/**
 * Moves the counter on, creating it at a random start if it is missing (moveRevisionOn; replicas reuse
 * nothing while it is: see the partner API's WindowCounter); called after the change has committed,
 * never before.
 */
export async function announcePartnerReadChange(redis: Redis, prefix: string): Promise<void> {
  await moveRevisionOn(redis, partnerReadRevisionKey(prefix));
}

/**
 * The announcement as a service of the apps that change what partners read. It never throws: the
 * change has committed already. If Redis cannot be told, replicas may answer from memory for at most
 * PARTNER_TOTALS_CACHE_MS, the bound every cached answer has anyway; a caller that must be sure no
 * replica still answers from before its change waits that long (`untoldWaitMs`) when not told.
 * After a failure, announcements within the next second report not told without asking Redis, so a
 * Redis that does not answer holds up one change a second, not every projector batch.
 */
@Injectable()
export class PartnerReadRevision {
  private readonly logger = new Logger('partner-reads');
  /** After a failed announcement, later ones within a second report not told without asking Redis. */
  private readonly gate = new RetryGate(1000);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PARTNER_READS_CONFIG.token) private readonly config: PartnerReadsVariables,
  ) {}

  /** How long after an untold change every answer a replica may keep in memory has expired. */
  get untoldWaitMs(): number {
    return this.config.PARTNER_TOTALS_CACHE_MS;
  }

  /** True when Redis was told; `reqId`, the request that made the change, names it in a failure's line. */
  async announceChange(reqId?: string): Promise<boolean> {
    if (!this.gate.tryNow()) return false;
    try {
      await announcePartnerReadChange(this.redis, this.config.PARTNER_REDIS_PREFIX);
      this.gate.succeeded();
      return true;
    } catch (err) {
      if (this.gate.failed()) {
        this.logger.warn(
          {
            err: err instanceof Error ? err.message : String(err),
            ...(reqId === undefined ? {} : { reqId }),
          },
          `Redis not told of a change partners read; cached answers end within ${this.config.PARTNER_TOTALS_CACHE_MS} ms`,
        );
      }
      return false;
    }
  }
}

/** PartnerReadRevision for the apps that change what partners read (the projector, the pilot app API). */
@Global()
@Module({ providers: [PartnerReadRevision], exports: [PartnerReadRevision] })
export class PartnerReadsModule {}
