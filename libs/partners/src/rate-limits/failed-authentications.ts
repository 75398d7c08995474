import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { rateWindowAt, RATE_WINDOW_SECONDS, RETRY_AFTER_SECONDS } from '../domain';
import { Counter } from 'prom-client';
import { ApiError } from '@pft/platform/http/api-error';
import { PARTNER_REDIS_CONFIG } from '../partner-redis-variables';
import { countRateLimited } from '@pft/platform/metrics/http-metrics';
import { metricOnce } from '@pft/platform/metrics/metric-once';
import { REDIS } from '@pft/platform/redis/redis.token';
import { redisScript } from '@pft/platform/redis/redis-script';
import { RetryGate } from '@pft/platform/redis/retry-gate';
import { MemoryWindowCounter } from './memory-window-counter';
import { RateClock } from './rate-clock';

/** Rate-limit counts a process made itself, Redis being unreachable: the partner API's requests, either API's failures. */
export const countedLocally = metricOnce(
  'pft_rate_limit_local_counts_total',
  () =>
    new Counter({
      name: 'pft_rate_limit_local_counts_total',
      help: 'Rate-limit counts (requests, failed authentications) this process made itself because Redis was unreachable',
    }),
);

/**
 * Counts one more in Redis's own clock minute (TIME, moved by ARGV[2] ms: RateClock.offsetMs), never a
 * replica's, so that every replica counts in the same window whatever its clock says: KEYS[1] followed
 * by the window's id names the count, which lives a little past its minute.
 */
const COUNT_SCRIPT = `
local time = redis.call('TIME')
local ms = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + tonumber(ARGV[2])
local key = KEYS[1] .. string.format('%d', math.floor(ms / ${RATE_WINDOW_SECONDS * 1000}))
local count = redis.call('INCR', key)
if count == 1 then redis.call('EXPIRE', key, ARGV[1]) end
return count
`;

type CountCommand = (keyStem: string, ttlSeconds: number, offsetMs: number) => Promise<number>;

/**
 * Failed authentications per client address and clock minute, of partner API keys (`auth-failures`)
 * and pilot tokens (`pilot-auth-failures`), counted in Redis so that every replica shares the count
 * (`<prefix>rate:<subject>:<address>:<minute>`, the minute by Redis's clock); while Redis is away, each
 * process counts alone, by its own clock (and
 * asks Redis again once a second). Past the limit the request is answered
 * 429 RATE_LIMITED with Retry-After instead of 401, so that credentials cannot be guessed at speed.
 * A request that authenticates is never counted nor limited here.
 */
@Injectable()
export class FailedAuthentications {
  private readonly logger = new Logger('rate-limit');
  private readonly fallback = new MemoryWindowCounter();
  private readonly redisGate = new RetryGate(1000);
  private readonly count: CountCommand;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(PARTNER_REDIS_CONFIG.token) config: { PARTNER_REDIS_PREFIX: string },
    private readonly clock: RateClock,
  ) {
    this.prefix = config.PARTNER_REDIS_PREFIX;
    this.count = redisScript<CountCommand>(redis, 'pftFailureCount', 1, COUNT_SCRIPT);
  }

  /**
   * Notes a failed authentication from `address` and throws what to answer: `unauthorized` while the
   * address is within `limitPerMinute`, 429 RATE_LIMITED past it.
   */
  async refuse(
    subject: string,
    address: string,
    limitPerMinute: number,
    unauthorized: () => ApiError,
  ): Promise<never> {
    if ((await this.note(`${subject}:${address}`)) > limitPerMinute) {
      countRateLimited('failed_authentications');
      throw new ApiError('RATE_LIMITED', 'Too many failed authentications from this address', undefined, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
    throw unauthorized();
  }

  private async note(subject: string): Promise<number> {
    if (this.redisGate.tryNow()) {
      try {
        const count = await this.count(
          `${this.prefix}rate:${subject}:`,
          RATE_WINDOW_SECONDS * 2,
          this.clock.offsetMs(),
        );
        this.redisGate.succeeded();
        return count;
      } catch (err) {
        if (this.redisGate.failed())
          this.logger.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'Redis unreachable: failed authentications counted per process until it is back',
          );
      }
    }
    countedLocally.inc();
    // The window of this process's clock when it is counted, not before a wait on Redis.
    return this.fallback.hit(subject, rateWindowAt(this.clock.now()).id);
  }
}
