import { register } from 'prom-client';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { TcpProxy, waitFor } from '@pft/testing';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { linkingCode, partnerWithKey, type TestPartner } from './partner-api.factories';
import { startPartnerApi, type PartnerApiUnderTest } from './partner-api.harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A time 5 seconds into a clock minute to come, so a test's requests all fall in one rate window. */
const nextMinuteStart = (): number => (Math.floor(Date.now() / 60000) + 1) * 60000 + 5000;

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
  const ready = () => api.http().get('/health/ready');
  /**
   * `pft_dependency_up` of one dependency, as the app's metrics port reports it: the app runs in this
   * process, so its metrics are this process's registry, the one the metrics port serves.
   */
  const dependencyUp = async (dependency: string): Promise<number | undefined> => {
    const text = await register.metrics();
    const line = text.split('\n').find((l) => l.startsWith(`pft_dependency_up{dependency="${dependency}"} `));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  const expectDegraded = (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'degraded', checks: { postgres: 'up', redis: 'down' } });
    expectMeta(res);
  };
  /**
   * The key's requests counted in Redis, over every rate window it has there: a test that runs across the
   * turn of a clock minute has two windows' counts, the earlier one's no longer moving.
   */
  const sharedCount = async () => {
    const keys = await api.redis.keys(`${api.redisPrefix}rate:key:*`);
    const counts = keys.length === 0 ? [] : await api.redis.mget(...keys);
    return counts.reduce((sum, count) => sum + Number(count ?? 0), 0);
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
      expectDegraded(await ready());
      expect(await sharedCount()).toBe(counted);

      await proxy.restore();
      await waitFor(
        async () => ((await ready()).body.data?.status === 'ready' ? true : undefined),
        15_000,
        'the partner API to find Redis again',
      );
      // Within a second of Redis answering again, a read asks it and the count is shared again.
      const answered: string[] = [];
      await waitFor(
        async () => {
          const res = await read();
          answered.push(`${res.status} ${(res.body as { error?: { code?: string } }).error?.code}`);
          return (await sharedCount()) > counted ? true : undefined;
        },
        15_000,
        'the shared count to move again',
      );
      expect(answered.filter((a) => a !== '404 PILOT_NOT_FOUND')).toEqual([]);
    },
    60_000,
  );

  it('stays ready while Redis is away, reports it in the body and the metric, and limits each key per process', async () => {
    const limited = await partnerWithKey(api.db, { rateLimit: 3 });
    const { code } = await linkingCode(api.db);
    const linked = await api.http().post('/v1/link').set(bearer(limited.key)).send({ linking_token: code });
    expect(linked.status).toBe(200);
    const pilotId = (linked.body as { data: { pilot_id: string } }).data.pilot_id;
    expect((await ready()).body.data).toEqual({ status: 'ready', checks: { postgres: 'up', redis: 'up' } });
    expect(await dependencyUp('redis')).toBe(1);

    const clock = jest.spyOn(api.app.get(RateClock), 'now').mockReturnValue(nextMinuteStart());
    try {
      await proxy.refuse();
      // Ready all along: only its Redis check changes, once the client has seen the connection go.
      const readiness: number[] = [];
      const degraded = await waitFor(
        async () => {
          const res = await ready();
          readiness.push(res.status);
          return res.body.data?.checks?.redis === 'down' ? res : undefined;
        },
        15_000,
        'readiness to report Redis down',
      );
      expect(readiness.filter((status) => status !== 200)).toEqual([]);
      expectDegraded(degraded);
      expect(await dependencyUp('redis')).toBe(0);
      expect(await dependencyUp('postgres')).toBe(1);
      expect((await api.http().get('/health/live')).status).toBe(200);

      // Served, and limited by this process's own count: three a minute, then 429.
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(await api.http().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(bearer(limited.key)));
      }
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      for (const res of answers) expect(res.headers['ratelimit-limit']).toBe('3');
      expectError(answers[3]!, 429, 'RATE_LIMITED');
      expect(answers[0]!.body.data.pilot_id).toBe(pilotId);
      expectDegraded(await ready());

      await proxy.restore();
      await waitFor(
        async () => ((await ready()).body.data?.status === 'ready' ? true : undefined),
        15_000,
        'readiness to report Redis back',
      );
      expect((await ready()).body.data).toEqual({ status: 'ready', checks: { postgres: 'up', redis: 'up' } });
      expect(await dependencyUp('redis')).toBe(1);
    } finally {
      clock.mockRestore();
    }
  }, 60_000);
});
