import { flightBody, ingestionSuite, pilotSnapshot } from './support/ingestion-harness';
import { waitFor } from '@pft/testing';
import { ERROR_EXAMPLES } from '../../apps/ingestion/src/openapi/pilot-app.error-examples';

/** The pilot app API reaches Postgres through a proxy that takes the database away and gives it back. */
describe('pilot app API: the database unreachable (e2e)', () => {
  const h = ingestionSuite(
    {
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_QUERY_TIMEOUT_MS: '2000',
      WRITE_OUTCOME_TIMEOUT_MS: '6000',
    },
    { viaProxy: true },
  );

  const proxy = () => h.proxy!;
  const record = (token: string, body: object) => h.as(token).post('/pilot/v1/flights').send(body);

  function expectUnavailable(res: Awaited<ReturnType<typeof record>>): void {
    expect({ status: res.status, code: res.body.error?.code }).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
    expect(res.text).not.toMatch(/ECONNREFUSED|5432|127\.0\.0\.1|timeout exceeded|Connection terminated/i);
  }

  async function untilReachable(token: string): Promise<void> {
    await waitFor(
      async () => ((await h.as(token).get('/pilot/v1/totals')).status === 200 ? true : undefined),
      10_000,
      'the app to find its database again',
    );
  }

  it('answers a flight 503 SERVICE_UNAVAILABLE while Postgres is down, records nothing, and takes it once it is back', async () => {
    const pilot = h.pilot();
    const body = flightBody();
    const before = await pilotSnapshot(h.sql, pilot.id);

    await proxy().refuse();
    expectUnavailable(await record(pilot.token, body));
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);

    await proxy().restore();
    await untilReachable(pilot.token);
    expect((await record(pilot.token, body)).status).toBe(201);
  });

  it('answers 503 when Postgres stops answering a write and stays away (WRITE_OUTCOME_UNKNOWN, as documented, once the statement was sent), instead of hanging', async () => {
    const pilot = h.pilot();
    const body = flightBody();

    // Connections stay open but nothing comes back; without the app's time limits the request
    // would wait on TCP for ever and this test would run out of its own time.
    proxy().blackhole();
    const res = await record(pilot.token, body);
    // With no connection at hand, the statement was never sent: nothing recorded (SERVICE_UNAVAILABLE).
    // Sent and unanswered, its outcome could not be found out while the database stayed away.
    const unknown = res.body.error?.code === 'WRITE_OUTCOME_UNKNOWN';
    expect({ status: res.status, error: unknown ? res.body.error : res.body.error?.code }).toEqual({
      status: 503,
      error: unknown
        ? { code: 'WRITE_OUTCOME_UNKNOWN', message: ERROR_EXAMPLES.WRITE_OUTCOME_UNKNOWN![0]!.message }
        : 'SERVICE_UNAVAILABLE',
    });
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);

    await proxy().restore();
    await untilReachable(pilot.token);
    const answer = await record(pilot.token, body);
    // Applied or not before the database went quiet, the flight is recorded exactly once: new
    // (201), or the same request answered as a replay (200).
    expect([200, 201]).toContain(answer.status);
    const { rows } = await h.sql.query('select count(*)::int as n from flights where flight_id = $1', [
      body.flight_id,
    ]);
    expect(rows[0].n).toBe(1);
  }, 60_000);
});
