import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { PARTNER_REDIS_CONFIG } from '@pft/partners';
import { REDIS, redisScript, RetryGate } from '@pft/platform';

/** Uploads a pilot may have under way at once, across every replica (`logbook-import.md` 2). */
export const UPLOADS_UNDER_WAY = 2;

/**
 * How long an upload's place is held at most: its body must arrive within 60 s, then it is read and
 * stored. A replica that died mid-upload frees its place after this.
 */
const PLACE_HELD_MS = 120_000;

/**
 * Takes a place when fewer than `limit` unexpired ones are held: each place a member of the pilot's
 * sorted set, scored by when it expires on Redis' own clock (the replicas' clocks never compared).
 */
const TAKE_SCRIPT = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

type TakeCommand = (key: string, limit: number, heldMs: number, place: string) => Promise<number>;

/**
 * The uploads each pilot has under way, counted in Redis so that the limit holds across replicas
 * (`<prefix>imports:under-way:<pilot>`); while Redis is away, each replica counts its own (and asks
 * Redis again once a second).
 */
@Injectable()
export class UploadsUnderWay {
  private readonly logger = new Logger('imports');
  private readonly redisGate = new RetryGate(1000);
  private readonly take: TakeCommand;
  private readonly prefix: string;
  private readonly local = new Map<string, number>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PARTNER_REDIS_CONFIG.token) config: { PARTNER_REDIS_PREFIX: string },
  ) {
    this.prefix = config.PARTNER_REDIS_PREFIX;
    this.take = redisScript<TakeCommand>(redis, 'pftImportPlace', 1, TAKE_SCRIPT);
  }

  /** A place for one more upload of the pilot: its release, or undefined when all are taken. */
  async place(pilot: string): Promise<(() => Promise<void>) | undefined> {
    if (this.redisGate.tryNow()) {
      const key = `${this.prefix}imports:under-way:${pilot}`;
      const place = randomUUID();
      try {
        const taken = await this.take(key, UPLOADS_UNDER_WAY, PLACE_HELD_MS, place);
        this.redisGate.succeeded();
        if (taken !== 1) return undefined;
        return async () => {
          // Not freed (Redis gone meanwhile): the place expires on its own.
          await this.redis.zrem(key, place).catch(() => undefined);
        };
      } catch (err) {
        if (this.redisGate.failed())
          this.logger.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'Redis unreachable: uploads under way counted per process until it is back',
          );
      }
    }
    return this.placeHere(pilot);
  }

  private placeHere(pilot: string): (() => Promise<void>) | undefined {
    const running = this.local.get(pilot) ?? 0;
    if (running >= UPLOADS_UNDER_WAY) return undefined;
    this.local.set(pilot, running + 1);
    return () => {
      const left = (this.local.get(pilot) ?? 1) - 1;
      if (left > 0) this.local.set(pilot, left);
      else this.local.delete(pilot);
      return Promise.resolve();
    };
  }
}
