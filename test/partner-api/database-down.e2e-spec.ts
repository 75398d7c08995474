import { randomUUID } from 'node:crypto';
import { suiteOf, type TcpProxy, waitFor } from '@pft/testing';
import { bearer, expectError } from './partner-api.expectations';
import { linkingCode, partnerWithKey, type TestPartner } from './partner-api.factories';
import { type PartnerApiUnderTest, startPartnerApiBehindProxy } from './partner-api.harness';

/** The partner API reaches Postgres through a proxy that takes the database away and gives it back. */
describe('partner API: the database unreachable', () => {
  const behindProxy = suiteOf(
    () => startPartnerApiBehindProxy({ PARTNER_TOTALS_CACHE_MS: '0' }),
    (made) => made.close(),
  );
  let proxy: TcpProxy;
  let api: PartnerApiUnderTest;
  let partner: TestPartner;

  beforeAll(async () => {
    ({ api, proxy } = behindProxy);
    partner = await partnerWithKey(api.db);
  });

  const read = () => api.http().get(`/v1/pilot-totals?pilot_id=${randomUUID()}`).set(bearer(partner.key));
  const batch = () =>
    api.http().get(`/v1/pilot-totals/batch?pilot_ids=${randomUUID()}`).set(bearer(partner.key));
  const link = (code: string) =>
    api.http().post('/v1/link').set(bearer(partner.key)).send({ linking_token: code });

  function expectUnavailable(res: Awaited<ReturnType<typeof read>>): void {
    expectError(res, 503, 'SERVICE_UNAVAILABLE');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.text).not.toMatch(/ECONNREFUSED|5432|127\.0\.0\.1|timeout exceeded|Connection terminated/i);
  }

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After while Postgres is down, and recovers by itself', async () => {
    expectError(await read(), 404, 'PILOT_NOT_FOUND');

    await proxy.refuse();
    expectUnavailable(await read());
    expectUnavailable(await batch());
    const { code } = await linkingCode(api.db);
    expectUnavailable(await link(code));
    // Without its database it cannot answer correctly: not ready, naming it (Redis still answers).
    const notReady = await api.http().get('/health/ready');
    expectUnavailable(notReady);
    expect(notReady.body.error.details).toEqual([{ field: 'postgres', issue: 'unavailable' }]);

    await proxy.restore();
    expectError(await read(), 404, 'PILOT_NOT_FOUND');
    expect((await api.http().get('/health/ready')).body.data).toEqual({
      status: 'ready',
      checks: { postgres: 'up', redis: 'up' },
    });
    // The link refused while the database was down wrote nothing: the code still works.
    expect((await link(code)).status).toBe(200);
  });

  it('drops connections whose statement went unanswered, so later reads do not wait behind them', async () => {
    // Every pooled connection in use at once, so the pool holds several.
    const warm = await Promise.all(Array.from({ length: 5 }, () => read()));
    expect(warm.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);

    // The connections open now go silent for good; new ones reach the database.
    proxy.strand();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await read()).status);
    // Each silent connection costs one read its time limit (503); then reads are served again.
    const firstServed = statuses.indexOf(404);
    expect(firstServed).toBeGreaterThanOrEqual(0);
    expect(statuses.slice(0, firstServed).every((s) => s === 503)).toBe(true);
    expect(statuses.slice(firstServed)).toEqual(statuses.slice(firstServed).map(() => 404));
    expect(firstServed).toBeLessThanOrEqual(5);
    await proxy.restore();
  }, 90_000);

  it('answers 503 when Postgres stops answering, instead of hanging (the query time limit ends the wait)', async () => {
    expectError(await read(), 404, 'PILOT_NOT_FOUND');

    // The pool's connections stay open but nothing comes back. Without the app's time limits
    // (DATABASE_QUERY_TIMEOUT_MS 2 s, DATABASE_CONNECT_TIMEOUT_MS 1 s here) the read would wait on
    // TCP for ever and this test would run out of its own time.
    proxy.blackhole();
    expectUnavailable(await read());
    expectUnavailable(await batch());

    await proxy.restore();
    await waitFor(
      async () => ((await read()).status === 404 ? true : undefined),
      10_000,
      'reads to find the database again',
    );
    expectError(await read(), 404, 'PILOT_NOT_FOUND');
  }, 60_000);
});
