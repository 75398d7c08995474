import { createRedis } from '@pft/platform';
import { announcePartnerReadChange, partnerReadRevisionKey } from '@pft/totals';
import { announceApiKeyChange, apiKeysRevisionKey } from '@pft/partners';
import { uniqueRedisPrefix } from '@pft/testing';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { WindowCounter } from './window-counter';
import { type PartnerApiConfig } from '../partner-api.config';

describe('WindowCounter (real Redis)', () => {
  const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = uniqueRedisPrefix();
  const clock = new RateClock();
  const counter = new WindowCounter(redis, { PARTNER_REDIS_PREFIX: prefix } as PartnerApiConfig, clock);

  // The client fails fast until it is connected, by design; wait for that.
  beforeAll(async () => {
    if (redis.status !== 'ready') await new Promise((ready) => redis.once('ready', ready));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts per subject and clock minute, with an expiry, and reads the key revision in the same call', async () => {
    const minute = (Math.floor(Date.now() / 60000) + 1) * 60000;
    jest.spyOn(clock, 'now').mockReturnValue(minute + 1000);
    const first = await counter.hit('key:a');
    const second = await counter.hit('key:a');
    expect([first.count, second.count, (await counter.hit('key:b')).count]).toEqual([1, 2, 1]);
    expect(first.window).toEqual({ id: minute / 60000, resetSeconds: 59 });
    expect(first.keysRevision).toBe('0');
    const ttl = await redis.ttl(`${prefix}rate:key:a:${minute / 60000}`);
    expect(ttl).toBeGreaterThan(60);
    expect(ttl).toBeLessThanOrEqual(120);

    await announceApiKeyChange(redis, prefix);
    expect((await counter.hit('key:a')).keysRevision).toMatch(/^[1-9][0-9]*$/);

    jest.spyOn(clock, 'now').mockReturnValue(minute + 61_000);
    expect((await counter.hit('key:a')).count).toBe(1);
  });

  it('counts in Redis’s minute, whatever the replica’s clock: two replicas a minute apart share one count', async () => {
    const redisSeconds = async () => Number((await redis.time())[0]);
    // Far enough from the minute's end that both hits fall in one minute of Redis's clock.
    while ((await redisSeconds()) % 60 > 55) await new Promise((later) => setTimeout(later, 500));
    const replica = () =>
      new WindowCounter(redis, { PARTNER_REDIS_PREFIX: prefix } as PartnerApiConfig, new RateClock());
    const [ahead, behind] = [replica(), replica()];
    const systemNow = Date.now.bind(Date);
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => systemNow() + 60_000);
    const first = await ahead.hit('key:skewed');
    clock.mockRestore();
    const second = await behind.hit('key:skewed');
    expect([first.count, second.count]).toEqual([1, 2]);
    const minute = Math.floor((await redisSeconds()) / 60);
    expect([first.window.id, second.window.id]).toEqual([minute, minute]);
    expect(first.window.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(first.window.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('reads no partner read revision while Redis has none, and one created again starts anew', async () => {
    await redis.del(partnerReadRevisionKey(prefix));
    expect((await counter.hit('key:reads')).readRevision).toBeNull();

    await announcePartnerReadChange(redis, prefix);
    const first = (await counter.hit('key:reads')).readRevision;
    await announcePartnerReadChange(redis, prefix);
    expect(BigInt((await counter.hit('key:reads')).readRevision!)).toBe(BigInt(first!) + 1n);

    // Lost and created again: not where the lost one started.
    await redis.del(partnerReadRevisionKey(prefix));
    await announcePartnerReadChange(redis, prefix);
    expect((await counter.hit('key:reads')).readRevision).not.toBe(first);
  });

  it('reads an API keys revision created again after Redis lost it as one never read before', async () => {
    await redis.del(apiKeysRevisionKey(prefix));
    await announceApiKeyChange(redis, prefix);
    const before = (await counter.hit('key:keys')).keysRevision;
    await redis.del(apiKeysRevisionKey(prefix));
    await announceApiKeyChange(redis, prefix);
    expect((await counter.hit('key:keys')).keysRevision).not.toBe(before);
  });

  it('counts the requests of one turn with one command, each with its own count', async () => {
    const scriptCalls = async (): Promise<number> => {
      const stats = await redis.info('commandstats');
      return ['evalsha', 'eval']
        .map((name) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0))
        .reduce((a, b) => a + b, 0);
    };
    // One minute throughout, so the counts cannot start again halfway.
    jest.spyOn(clock, 'now').mockReturnValue((Math.floor(Date.now() / 60000) + 5) * 60000);
    await counter.hit('key:turn');
    const before = await scriptCalls();
    const hits = await Promise.all(Array.from({ length: 20 }, () => counter.hit('key:turn')));
    expect((await scriptCalls()) - before).toBe(1);
    expect(hits.map((h) => h.count)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect((await counter.hit('key:turn')).count).toBe(22);
  });

  it('counts in memory, without a revision, while Redis cannot be reached', async () => {
    const away = createRedis('redis://127.0.0.1:1');
    away.on('error', () => undefined);
    const cut = new WindowCounter(
      away,
      { PARTNER_REDIS_PREFIX: prefix } as PartnerApiConfig,
      new RateClock(),
    );
    try {
      const hits = [await cut.hit('key:a'), await cut.hit('key:a')];
      expect(hits.map((h) => [h.count, h.keysRevision])).toEqual([
        [1, null],
        [2, null],
      ]);
    } finally {
      away.disconnect();
    }
  });
});
