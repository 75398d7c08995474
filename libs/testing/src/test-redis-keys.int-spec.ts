import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { deleteOwnTestKeys, newTestFilePrefix } from './test-redis-keys';

describe('deleteOwnTestKeys', () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(url);
  const own = newTestFilePrefix();
  const given = `given-${randomBytes(6).toString('hex')}:`;

  afterAll(async () => {
    await redis.del(`${given}kept`);
    redis.disconnect();
  });

  it('deletes every key under a prefix a test environment made, and nothing else', async () => {
    const ownKeys = Array.from({ length: 250 }, (_, i) => `${own}key-${i}`);
    await redis.mset(...ownKeys.flatMap((k) => [k, '1']), `${given}kept`, '1');
    await deleteOwnTestKeys(own, url);
    expect(await redis.exists(...ownKeys)).toBe(0);
    expect(await redis.exists(`${given}kept`)).toBe(1);
  });

  it('leaves a prefix the environment gave alone', async () => {
    await deleteOwnTestKeys(given, url);
    expect(await redis.exists(`${given}kept`)).toBe(1);
  });

  it('does nothing, and does not fail, when Redis cannot be reached', async () => {
    await redis.set(`${own}after`, '1');
    await expect(deleteOwnTestKeys(own, 'redis://127.0.0.1:1')).resolves.toBeUndefined();
    expect(await redis.exists(`${own}after`)).toBe(1);
    await redis.del(`${own}after`);
  });
});
