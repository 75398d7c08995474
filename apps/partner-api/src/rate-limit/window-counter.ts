import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { Gauge } from 'prom-client';
import { rateWindowAt, RATE_WINDOW_SECONDS, type RateWindow } from '@pft/partners/domain';
import { REDIS, redisScript, RetryGate } from '@pft/platform';
import { partnerReadRevisionKey } from '@pft/totals';
import { apiKeysRevisionKey } from '@pft/partners';
import { countedLocally } from '@pft/partners/rate-limits/failed-authentications';
import { MemoryWindowCounter } from '@pft/partners/rate-limits/memory-window-counter';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { TurnBatches } from '@pft/platform/batching/turn-batches';
import { metricOnce } from '@pft/platform';
import { PartnerApiConfig } from '../partner-api.config';

/**
 * Counts ARGV[2] requests in the current clock-minute window and, in the same round trip, reads the
 * API keys revision (see api-keys-revision.ts) and the partner read revision (partner-read-revision.ts).
 * The window is Redis's own minute (TIME, moved by ARGV[3] ms: RateClock.offsetMs), never a replica's,
 * so that every replica counts a request in the same window whatever its clock says, and a key gets
 * exactly its limit at a minute's edge. Only the script knows the window, so it names the count's key:
 * KEYS[1] followed by the window's id (one Redis, not a cluster, holds the partner API's keys). It
 * answers the window's id and the whole seconds until the next one starts, by the same clock.
 * A missing read revision comes back nil (Lua's false), never as a value: Redis lost its keys, and a
 * change committed since may not have been announced (its announcement failed while Redis was away),
 * so answers kept under any value, '0' included, may be older than the database's.
 */
const HIT_SCRIPT = `
local time = redis.call('TIME')
local ms = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + tonumber(ARGV[3])
local seconds = math.floor(ms / 1000)
local window = math.floor(seconds / ${RATE_WINDOW_SECONDS})
local key = KEYS[1] .. string.format('%d', window)
local count = redis.call('INCRBY', key, ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('EXPIRE', key, ARGV[1]) end
return {count, redis.call('GET', KEYS[2]) or '0', redis.call('GET', KEYS[3]) or false,
  window, ${RATE_WINDOW_SECONDS} - seconds % ${RATE_WINDOW_SECONDS}}
`;

export interface WindowHit {
  window: RateWindow;
  /** Requests counted in this window for this subject, this one included. */
  count: number;
  /** The API keys revision, or null when Redis could not be asked (counted in memory instead). */
  keysRevision: string | null;
  /**
   * The partner read revision, or null when Redis could not be asked or has none (lost its keys until
   * the next announcement creates it again): no kept answer is given under null.
   */
  readRevision: string | null;
}

type HitReply = [
  count: number,
  keysRevision: string,
  readRevision: string | null,
  windowId: number,
  resetSeconds: number,
];

/** 1 while this process counts rate limits on its own because Redis is unreachable, else 0. */
const localFallback = metricOnce(
  'pft_rate_limit_redis_fallback',
  () =>
    new Gauge({
      name: 'pft_rate_limit_redis_fallback',
      help: '1 while this process counts rate limits itself (Redis unreachable), 0 while Redis counts for all replicas',
    }),
);

type HitCommand = (
  countKeyStem: string,
  keysRevisionKey: string,
  readRevisionKey: string,
  ttlSeconds: number,
  requests: number,
  offsetMs: number,
) => Promise<HitReply>;

@Injectable()
export class WindowCounter {
  private readonly logger = new Logger('rate-limit');
  private readonly fallback = new MemoryWindowCounter();
  /**
   * The requests of one subject that arrive in the same turn of the event loop are counted by one
   * command, in one window: each gets its own count (the total less those after it), exactly as if
   * counted one by one, and the revisions read after all of them arrived.
   */
  private readonly hitsInRedis: TurnBatches<HitReply>;
  /**
   * While Redis is failing, requests are counted in memory without asking it, and one a second asks
   * again: a Redis that does not answer costs that one request REDIS_COMMAND_TIMEOUT_MS, not every one.
   */
  private readonly redisGate = new RetryGate(1000);
  private lastFaultLogged = 0;
  private readonly prefix: string;
  private readonly revisionKey: string;
  private readonly readRevisionKey: string;

  constructor(
    @Inject(REDIS) redis: Redis,
    config: PartnerApiConfig,
    private readonly clock: RateClock,
  ) {
    this.prefix = config.PARTNER_REDIS_PREFIX;
    this.revisionKey = apiKeysRevisionKey(config.PARTNER_REDIS_PREFIX);
    this.readRevisionKey = partnerReadRevisionKey(config.PARTNER_REDIS_PREFIX);
    const command = redisScript<HitCommand>(redis, 'pftWindowHit', 3, HIT_SCRIPT);
    // A count outlives its minute a little: a test's offset, or a late command, still finds it.
    this.hitsInRedis = new TurnBatches((countKeyStem, requests) =>
      command(
        countKeyStem,
        this.revisionKey,
        this.readRevisionKey,
        RATE_WINDOW_SECONDS * 2,
        requests.length,
        this.clock.offsetMs(),
      ),
    );
  }

  /**
   * `subject` names what is limited: `key:<key id>` or `ip:<address>`; `reqId`, the request counted,
   * names it in the line logged if Redis fails.
   */
  async hit(subject: string, reqId?: string): Promise<WindowHit> {
    if (!this.redisGate.tryNow()) return this.countInMemory(subject);
    try {
      const { result, size, index } = await this.hitsInRedis.join(`${this.prefix}rate:${subject}:`);
      if (this.redisGate.succeeded()) {
        localFallback.set(0);
        this.logger.log('Redis is back: rate limits are shared by all replicas again');
      }
      const [total, keysRevision, readRevision, id, resetSeconds] = result;
      const window: RateWindow = { id, resetSeconds };
      return { window, count: total - size + 1 + index, keysRevision, readRevision };
    } catch (err) {
      const starts = this.redisGate.failed();
      if (starts) localFallback.set(1);
      this.noteFault(err, starts, reqId);
      return this.countInMemory(subject);
    }
  }

  /** Counted by this process alone, in the window of its own clock when it is counted (not before a wait on Redis). */
  private countInMemory(subject: string): WindowHit {
    countedLocally.inc();
    const window = rateWindowAt(this.clock.now());
    return { window, count: this.fallback.hit(subject, window.id), keysRevision: null, readRevision: null };
  }

  /** Logs the fault when it starts and then once a minute, not once per request. */
  private noteFault(err: unknown, starts: boolean, reqId: string | undefined): void {
    const now = Date.now();
    if (starts || now - this.lastFaultLogged >= 60_000) {
      this.logger.warn(
        { err: err instanceof Error ? err.message : String(err), ...(reqId === undefined ? {} : { reqId }) },
        'Redis unreachable: rate limits counted per process until it is back',
      );
      this.lastFaultLogged = now;
    }
  }
}
