import { ApiError, createRedis } from '@pft/platform';
import { uniqueRedisPrefix } from '@pft/testing';
import { FailedAuthentications } from './failed-authentications';
import { RateClock } from './rate-clock';

describe('FailedAuthentications (real Redis)', () => {
  const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = uniqueRedisPrefix();
  const replica = () => new FailedAuthentications(redis, { PARTNER_REDIS_PREFIX: prefix }, new RateClock());
  const unauthorized = () => new ApiError('UNAUTHORIZED', 'A valid API key is required');
  const refusal = (failures: FailedAuthentications) =>
    failures.refuse('auth-failures', '203.0.113.9', 1, unauthorized).catch((err: ApiError) => err.code);

  beforeAll(async () => {
    if (redis.status !== 'ready') await new Promise((ready) => redis.once('ready', ready));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts in Redis’s minute, whatever the replica’s clock: the limit holds across replicas a minute apart', async () => {
    const redisSeconds = async () => Number((await redis.time())[0]);
    // Far enough from the minute's end that both failures fall in one minute of Redis's clock.
    while ((await redisSeconds()) % 60 > 55) await new Promise((later) => setTimeout(later, 500));
    const [ahead, behind] = [replica(), replica()];
    const systemNow = Date.now.bind(Date);
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => systemNow() + 60_000);
    const first = await refusal(ahead);
    clock.mockRestore();
    expect([first, await refusal(behind)]).toEqual(['UNAUTHORIZED', 'RATE_LIMITED']);
    const minute = Math.floor((await redisSeconds()) / 60);
    expect(await redis.get(`${prefix}rate:auth-failures:203.0.113.9:${minute}`)).toBe('2');
  });
});
