import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { createRedis, RedisReadiness } from './redis.module';

describe('Redis (real)', () => {
  let redis: Redis;

  beforeAll(async () => {
    redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await new Promise<void>((resolve, reject) => {
      redis.once('ready', resolve);
      redis.once('error', reject);
    });
  });

  afterAll(() => redis.disconnect());

  it('answers PING and keeps what it is given', async () => {
    expect(await redis.ping()).toBe('PONG');
    const key = `test:${randomUUID()}`;
    await redis.set(key, 'value', 'EX', 10);
    expect(await redis.get(key)).toBe('value');
    await redis.del(key);
  });

  it('passes the readiness check', async () => {
    await expect(new RedisReadiness(redis).check()).resolves.toBeUndefined();
  });

  it('fails the readiness check, rather than queueing, when the server cannot be reached', async () => {
    const nowhere = createRedis('redis://127.0.0.1:1');
    nowhere.on('error', () => undefined);
    await expect(new RedisReadiness(nowhere).check()).rejects.toThrow();
    nowhere.disconnect();
  });
});
