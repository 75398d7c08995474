import Redis from 'ioredis';
import { PartnerReadRevision } from '@pft/totals';
import { uniqueRedisPrefix } from './test-redis-keys';

/**
 * For a test file whose handlers move the partner read revision on (a change of what partners read):
 * a client of the real Redis (REDIS_URL) for the file's tests, quit after them, and the function that
 * makes a PartnerReadRevision on it, each under a Redis prefix of its own (uniqueRedisPrefix).
 */
export function withPartnerReadRevision(): () => PartnerReadRevision {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  });
  afterAll(() => redis.quit());
  return () =>
    new PartnerReadRevision(redis, {
      PARTNER_REDIS_PREFIX: uniqueRedisPrefix(),
      PARTNER_TOTALS_CACHE_MS: 1000,
    });
}
