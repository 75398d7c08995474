import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS_CONFIG, type RedisVariables } from '../config/redis-variables';
import { type ReadinessCheck } from '../health/readiness-check';
import { REDIS } from './redis.token';

export { REDIS } from './redis.token';

const REDIS_CONNECT_TIMEOUT_MS = 2000;

/**
 * Waits for the client's first connection, or its first failure, or `ms`: whichever comes first. A
 * process that served before its connection was made would count its first requests in memory (the
 * client fails fast while connecting), so a new replica's first answers missed the shared rate limit.
 * A Redis that is away delays the start by one failed attempt at most: the app serves without it.
 */
function firstConnection(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
    redis.once('error', done);
  });
}

/**
 * A client that fails fast while Redis is away (no offline queue, one try per command),
 * so callers fall back at once instead of hanging; it keeps reconnecting in the background.
 *
 * Not auto-pipelined: the partner API already sends one command per key and turn of the event loop
 * (TurnBatches in the rate counter), and ioredis's auto-pipelining, which wraps each turn's commands in
 * a Pipeline, made its objects reach the old generation under a warm-read load: a mark-compact every
 * few seconds, the read's p99.
 */
export function createRedis(url: string, commandTimeoutMs = 1000): Redis {
  // Loaded with the first client, not with this module, which the platform's entry point loads in
  // every process: the webhook dispatcher uses no Redis (ioredis: 45 modules).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: Client } = require('ioredis') as typeof import('ioredis');
  return new Client(url, {
    enableAutoPipelining: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // A Redis that stops answering without closing the connection fails commands after this long,
    // so callers fall back (the rate limit counts per process) instead of waiting on TCP.
    commandTimeout: commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

@Injectable()
export class RedisReadiness implements ReadinessCheck, OnApplicationShutdown {
  readonly name = 'redis';
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async check(): Promise<void> {
    const answer = await this.redis.ping();
    if (answer !== 'PONG') throw new Error(`unexpected PING answer ${String(answer)}`);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [REDIS_CONFIG.token],
      useFactory: async (config: RedisVariables) => {
        const redis = createRedis(config.REDIS_URL, config.REDIS_COMMAND_TIMEOUT_MS);
        const logger = new Logger('redis');
        redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis connection problem'));
        await firstConnection(redis, REDIS_CONNECT_TIMEOUT_MS);
        return redis;
      },
    },
    RedisReadiness,
  ],
  exports: [REDIS, RedisReadiness],
})
export class RedisModule {}
