import { randomUUID } from 'node:crypto';
import { TcpProxy, waitFor } from '@pft/testing';
import { bearer, expectError } from './partner-api.expectations';
import { partnerWithKey, type TestPartner } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The partner API reaches Redis through a proxy that takes it away mid-run and gives it back. */
describe('partner API: Redis lost while serving', () => {
  let proxy: TcpProxy;
  let api: PartnerApiUnderTest;
  let partner: TestPartner;

  beforeAll(async () => {
    proxy = await TcpProxy.start(REDIS_URL);
    api = await startPartnerApi({ REDIS_URL: proxy.rewrite(REDIS_URL), REDIS_COMMAND_TIMEOUT_MS: '500' });
    partner = await partnerWithKey(api.db, { rateLimit: 1000 });
  });
  afterAll(async () => {
    await proxy.restore();
    await api.close();
    await proxy.close();
  });

  const read = () => api.http().get(`/v1/pilot-totals?pilot_id=${randomUUID()}`).set(bearer(partner.key));
  const sharedCount = async () => {
    const keys = await api.redis.keys(`${api.redisPrefix}rate:key:*`);
    return keys.length === 0 ? 0 : Number(await api.redis.get(keys[0]!));
  };

  // `silent`: Redis takes the commands and never answers, so each one asked costs the command time
  // limit; the proxy counts them. A refused connection takes no command at all: nothing to count.
  it.each([
    ['stops answering (a partition)', () => Promise.resolve(proxy.blackhole()), true],
    ['drops the connection', () => proxy.refuse(), false],
  ])(
    'keeps answering when Redis %s, with a per-process limit, and shares the count again once it is back',
    async (_what, cut, silent) => {
      const before = await read();
      expectError(before, 404, 'PILOT_NOT_FOUND');
      const counted = await sharedCount();
      expect(counted).toBeGreaterThan(0);

      await cut();
      const droppedBefore = proxy.droppedWrites;
      // Without a command time limit the first read would wait on the silent connection for ever;
      // the reads right after it are counted in memory without asking Redis again.
      const during = [];
      for (let i = 0; i < 8; i++) during.push(await read());
      for (const res of during) {
        expectError(res, 404, 'PILOT_NOT_FOUND');
        expect(res.headers['ratelimit-limit']).toBe('1000');
      }
      if (silent) expect(proxy.droppedWrites - droppedBefore).toBeLessThanOrEqual(2);
      expectError(await api.http().get('/health/ready'), 503, 'SERVICE_UNAVAILABLE');
      expect(await sharedCount()).toBe(counted);

      await proxy.restore();
      await waitFor(
        async () => ((await api.http().get('/health/ready')).status === 200 ? true : undefined),
        15_000,
        'the partner API to find Redis again',
      );
      // Within a second of Redis answering again, a read asks it and the count is shared again.
      await waitFor(
        async () => {
          expectError(await read(), 404, 'PILOT_NOT_FOUND');
          return (await sharedCount()) > counted ? true : undefined;
        },
        15_000,
        'the shared count to move again',
      );
    },
    60_000,
  );
});
