import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { type Flight, zeroFlightMinutes } from '@pft/contracts';
import {
  SANDBOX_FIXTURE_NUMBERS,
  SANDBOX_INVALID_CODE,
  sandboxFixture,
  type SandboxFixture,
  type SandboxFixtureNumber,
} from '@pft/partners/domain';
import { waitFor } from '@pft/testing';
import { oracleTotals } from '@pft/testing/oracle';
import { bearer, expectError } from './partner-api.expectations';
import { partnerWithKey, sandboxKeyFor, type TestPartner } from './partner-api.factories';
import { type PartnerApiUnderTest } from './partner-api.harness';
import { type PartnerPipeline, startPartnerPipeline } from './partner-pipeline';

type Totals = Record<string, unknown>;

/** A partner account with a live and a sandbox key. */
interface PartnerKeys {
  live: TestPartner;
  sandbox: TestPartner;
}

/** What the oracle (apart from the fold the projector runs) makes of the fixture and `extra` flights. */
const fixtureTotals = (fixture: SandboxFixture, extra: Flight[] = []): Totals => ({
  ...oracleTotals({ flights: [...fixture.flights, ...extra], starting: fixture.startingTotals }),
});

const simulatedFlight = () => ({
  flight_id: randomUUID(),
  date: '2026-05-01',
  kind: 'flight' as const,
  aircraft: { category: 'airplane' as const, rating_key: 'sep_land' },
  minutes: { total_flight_time: 95, pic: 95, single_engine: 95 },
  landings: { day: 1, night: 0 },
});

describe('the sandbox: pft_test_ keys, fixture pilots and simulations, apart from live data', () => {
  let started: PartnerPipeline;
  let api: PartnerApiUnderTest;
  let a: PartnerKeys;
  let b: PartnerKeys;
  /** Partner A's and B's pilot_id of each fixture. */
  const pilotsOf = { a: new Map<SandboxFixtureNumber, string>(), b: new Map<SandboxFixtureNumber, string>() };

  const link = (key: string, token: string) =>
    api.http().post('/v1/link').set(bearer(key)).send({ linking_token: token });
  const read = (key: string, pilotId: string) =>
    api.http().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(bearer(key));
  const simulate = (key: string, pilotId: string, what: string, body?: object) =>
    api
      .http()
      .post(`/v1/sandbox/pilots/${pilotId}/${what}`)
      .set(bearer(key))
      .send(body ?? {});
  const totalsOf = async (key: string, pilotId: string): Promise<Totals | undefined> => {
    const res = await read(key, pilotId);
    if (res.status !== 200) return undefined;
    const { pilot_id: _id, last_updated: _at, ...rest } = res.body.data as Totals;
    return rest;
  };
  /** Until the read answers `expected`: the events went through the relay, Kafka and the projector. */
  const readsAs = (key: string, pilotId: string, expected: Totals, what: string) =>
    waitFor(
      async () => (isDeepStrictEqual(await totalsOf(key, pilotId), expected) ? true : undefined),
      120_000,
      what,
    ).catch(async (err: unknown) => {
      expect(await totalsOf(key, pilotId)).toEqual(expected);
      throw err;
    });
  const linked = async (key: string, n: SandboxFixtureNumber): Promise<string> => {
    const res = await link(key, sandboxFixture(n).code);
    expect(res.status).toBe(200);
    return (res.body as { data: { pilot_id: string } }).data.pilot_id;
  };

  beforeAll(async () => {
    started = await startPartnerPipeline();
    [api] = started.replicas;
    const keysOf = async (): Promise<PartnerKeys> => {
      const live = await partnerWithKey(api.db);
      return { live, sandbox: await sandboxKeyFor(api.db, live.partnerId) };
    };
    a = await keysOf();
    b = await keysOf();
    for (const n of SANDBOX_FIXTURE_NUMBERS) {
      pilotsOf.a.set(n, await linked(a.sandbox.key, n));
      pilotsOf.b.set(n, await linked(b.sandbox.key, n));
    }
  }, 60_000);
  afterAll(async () => {
    await started.close();
  });

  it('links each fixture code, once per partner: the same pilot_id again, another partner its own', async () => {
    for (const n of SANDBOX_FIXTURE_NUMBERS) {
      expect(pilotsOf.a.get(n)).toMatch(/^[0-9a-f-]{36}$/);
      expect(await linked(a.sandbox.key, n)).toBe(pilotsOf.a.get(n));
      expect(await linked(a.sandbox.key, n)).toBe(pilotsOf.a.get(n));
      expect(pilotsOf.b.get(n)).not.toBe(pilotsOf.a.get(n));
    }
    expect(new Set(pilotsOf.a.values()).size).toBe(SANDBOX_FIXTURE_NUMBERS.length);
  });

  it('answers each fixture pilot’s totals, once projected, as the oracle computes them from the fixture', async () => {
    /** The flight count the projection (not the write side) holds for the pilot behind a pilot_id. */
    const projectedCount = async (pilotId: string): Promise<number | undefined> => {
      const [row] = await api.db.query<{ flight_count: string }[]>(
        `select a.flight_count from pilot_totals_active a join connections c using (pilot_account_id)
          where c.connection_id = $1`,
        [pilotId],
      );
      return row === undefined ? undefined : Number(row.flight_count);
    };
    for (const n of SANDBOX_FIXTURE_NUMBERS) {
      const fixture = sandboxFixture(n);
      const expected = fixtureTotals(fixture);
      const pilotId = pilotsOf.a.get(n)!;
      // 0005 has no events at all: nothing to project, and its totals are all zero.
      if (n !== 5) {
        await waitFor(
          async () => ((await projectedCount(pilotId)) === expected.flight_count ? true : undefined),
          120_000,
          `fixture ${n} projected`,
        );
      }
      await readsAs(a.sandbox.key, pilotId, expected, `fixture ${n} read as projected`);
    }
    expect((await totalsOf(a.sandbox.key, pilotsOf.a.get(5)!))?.last_flight_date).toBeNull();
  }, 300_000);

  it('answers 0009, and anything but the documented codes, 400 INVALID_TOKEN', async () => {
    expectError(await link(a.sandbox.key, SANDBOX_INVALID_CODE), 400, 'INVALID_TOKEN');
    expectError(await link(a.sandbox.key, 'PFT-TEST-0000-0000-0006'), 400, 'INVALID_TOKEN');
  });

  it('keeps live and sandbox apart in both directions', async () => {
    // A live key: the sandbox's codes are unknown codes, its pilots unknown pilots.
    expectError(await link(a.live.key, sandboxFixture(1).code), 400, 'INVALID_TOKEN');
    expectError(await read(a.live.key, pilotsOf.a.get(1)!), 404, 'PILOT_NOT_FOUND');
    const batch = await api
      .http()
      .get(`/v1/pilot-totals/batch?pilot_ids=${pilotsOf.a.get(1)!},${pilotsOf.a.get(2)!}`)
      .set(bearer(a.live.key));
    expect(batch.body.data.pilots).toEqual([]);
    const livePilots = await api.http().get('/v1/pilots').set(bearer(a.live.key));
    expect(livePilots.body.data.pilots).toEqual([]);

    // A sandbox key: a pilot's real code is an unknown code (and stays unused), a live pilot unknown.
    const pilot = started.pipeline.pilot();
    const code = await pilot.linkingCode();
    expectError(await link(a.sandbox.key, code), 400, 'INVALID_TOKEN');
    const live = await link(a.live.key, code);
    expect(live.status).toBe(200);
    const livePilotId = (live.body as { data: { pilot_id: string } }).data.pilot_id;
    expectError(await read(a.sandbox.key, livePilotId), 404, 'PILOT_NOT_FOUND');
    const sandboxPilots = await api.http().get('/v1/pilots?limit=200').set(bearer(a.sandbox.key));
    const listed = (sandboxPilots.body.data.pilots as { pilot_id: string }[]).map((p) => p.pilot_id);
    expect(listed).not.toContain(livePilotId);
    expect(listed).toEqual(expect.arrayContaining([...pilotsOf.a.values()]));
  });

  it('answers a live key 404 NOT_FOUND on every simulation endpoint', async () => {
    for (const what of ['flights', 'disconnect', 'reset']) {
      expectError(await simulate(a.live.key, pilotsOf.a.get(1)!, what, simulatedFlight()), 404, 'NOT_FOUND');
    }
  });

  it('checks the pilot_id and the flight as the other endpoints do', async () => {
    expectError(await simulate(a.sandbox.key, 'not-a-uuid', 'reset'), 400, 'INVALID_REQUEST');
    expectError(await simulate(a.sandbox.key, randomUUID(), 'reset'), 404, 'PILOT_NOT_FOUND');
    const bad = { ...simulatedFlight(), minutes: { ...zeroFlightMinutes(), total_flight_time: 10, pic: 20 } };
    const refused = await simulate(a.sandbox.key, pilotsOf.a.get(1)!, 'flights', bad);
    expectError(refused, 400, 'INVALID_REQUEST');
    // A flight body as large as the pilot app takes one (remarks of 500 characters, 2 bytes each): read
    // and checked as a flight, not refused for its size.
    const long = await simulate(a.sandbox.key, pilotsOf.a.get(1)!, 'flights', {
      ...bad,
      remarks: 'é'.repeat(500),
    });
    expectError(long, 400, 'INVALID_REQUEST');
    expect(long.body.error.details).toEqual(refused.body.error.details);
    // Another partner's sandbox pilot is as unknown as any other id.
    expectError(await simulate(b.sandbox.key, pilotsOf.a.get(1)!, 'reset'), 404, 'PILOT_NOT_FOUND');
  });

  it('shows one partner’s simulated flight, reset and disconnect to that partner only', async () => {
    const student = sandboxFixture(1);
    const pilotA = pilotsOf.a.get(1)!;
    const pilotB = pilotsOf.b.get(1)!;
    const flight = simulatedFlight();
    const recorded = await simulate(a.sandbox.key, pilotA, 'flights', flight);
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({ flight_id: flight.flight_id, date: flight.date });
    expect((await simulate(a.sandbox.key, pilotA, 'flights', flight)).status).toBe(200);

    const withFlight = fixtureTotals(student, [
      { ...flight, minutes: { ...zeroFlightMinutes(), ...flight.minutes } },
    ]);
    await readsAs(a.sandbox.key, pilotA, withFlight, 'the simulated flight projected');
    await readsAs(b.sandbox.key, pilotB, fixtureTotals(student), 'partner B’s student untouched');

    const reset = await simulate(a.sandbox.key, pilotA, 'reset');
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ pilot_id: pilotA, fixture: student.code });
    await readsAs(a.sandbox.key, pilotA, fixtureTotals(student), 'the reset projected');

    const disconnected = await simulate(a.sandbox.key, pilotA, 'disconnect');
    expect(disconnected.status).toBe(200);
    expect(disconnected.body.data).toMatchObject({ pilot_id: pilotA });
    expectError(await read(a.sandbox.key, pilotA), 404, 'PILOT_NOT_FOUND');
    expect((await read(b.sandbox.key, pilotB)).status).toBe(200);
    expectError(await simulate(a.sandbox.key, pilotA, 'reset'), 404, 'PILOT_NOT_FOUND');

    // Linked again after the disconnect: a new pilot_id, as a live re-link after a disconnect gets.
    const relinked = await linked(a.sandbox.key, 1);
    expect(relinked).not.toBe(pilotA);
    pilotsOf.a.set(1, relinked);
    expect(await totalsOf(a.sandbox.key, relinked)).toEqual(fixtureTotals(student));
  }, 300_000);
});
