import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { PARTNER_READS_CONFIG, type PartnerReadsVariables } from './partner-reads-variables';
import { REDIS } from '@pft/platform/redis/redis.token';
import { RetryGate } from '@pft/platform/redis/retry-gate';
import { announcePartnerReadChange } from './partner-read-announcement';

export { announcePartnerReadChange, partnerReadRevisionKey } from './partner-read-announcement';

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
