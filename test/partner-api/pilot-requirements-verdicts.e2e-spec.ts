import { AccessHistory } from '@pft/partners';
import { flightBody, startingTotalsBody, waitFor } from '@pft/testing';
import { daysAgo, recentC172Flights } from './experience-flights';
import { type Pilot } from './logbook-pipeline';
import { bearer, expectMeta } from './partner-api.expectations';
import { partnerWithKey, type TestPartner } from './partner-api.factories';
import { type PartnerPipeline, startPartnerPipeline } from './partner-pipeline';
import { boundaryVerdicts, chunks, type ExperienceFigures, numbersIn } from './requirement-checks';

const STARTING = startingTotalsBody();

/** Piston single and multi, a turbojet type and features, by day and night, over two years. */
const flights = (): Record<string, unknown>[] => [
  flightBody({
    date: daysAgo(500),
    aircraft: { category: 'airplane', rating_key: 'mep_land', type_designator: 'PA34', engine: 'piston' },
    minutes: { total_flight_time: 120, pic: 120, multi_engine: 120, cross_country: 120 },
    landings: { day: 2, night: 0, day_full_stop: 2 },
  }),
  flightBody({
    date: daysAgo(200),
    aircraft: {
      category: 'airplane',
      rating_key: 'type_b737_300_900',
      type_designator: 'B738',
      engine: 'turbojet',
      features: ['complex', 'pressurized', 'retractable_gear'],
    },
    minutes: { total_flight_time: 310, sic: 310, multi_engine: 310, multi_pilot: 310, night: 90 },
    landings: { day: 1, night: 0, day_full_stop: 1 },
    approaches: 1,
  }),
  ...recentC172Flights(),
];

/** POST /v1/pilot-requirements/check against the experience of GET /v1/pilot-experience, through the pipeline. */
describe('partner API: requirement check verdicts', () => {
  let started: PartnerPipeline;
  let partner: TestPartner;
  /** Another partner of the same pilot: its own 20 checks a day. */
  let other: TestPartner;

  beforeAll(async () => {
    started = await startPartnerPipeline(1);
    const scopes = ['pilot-experience', 'pilot-requirements'] as const;
    partner = await partnerWithKey(started.replicas[0].db, { scopes });
    other = await partnerWithKey(started.replicas[0].db, { scopes });
  });
  afterAll(async () => {
    await started?.close();
  });

  const api = () => started.replicas[0].http();

  /** A pilot with the flights and starting totals, linked sharing the experience, once projected. */
  async function link(pilot: Pilot, to: TestPartner): Promise<string> {
    const code = await pilot.send('post', '/pilot/v1/linking-codes', { share_experience: true });
    const linked = await api()
      .post('/v1/link')
      .set(bearer(to.key))
      .send({ linking_token: code.body.data.linking_token });
    expect(linked.status).toBe(200);
    return linked.body.data.pilot_id as string;
  }

  async function projectedPilot(): Promise<{ pilot: Pilot; pilotId: string; otherPilotId: string }> {
    const pilot = started.pipeline.pilot();
    const bodies = flights();
    for (const body of bodies) expect((await pilot.send('post', '/pilot/v1/flights', body)).status).toBe(201);
    expect((await pilot.send('put', '/pilot/v1/starting-totals', STARTING)).status).toBe(200);
    const [pilotId, otherPilotId] = [await link(pilot, partner), await link(pilot, other)];
    await waitFor(
      async () => {
        const res = await api().get(`/v1/pilot-experience?pilot_id=${pilotId}`).set(bearer(partner.key));
        return res.body.data?.lifetime?.flight_count === STARTING.flight_count + bodies.length
          ? true
          : undefined;
      },
      30_000,
      'the flights in the projection',
    );
    return { pilot, pilotId, otherPilotId };
  }

  const check = (body: Record<string, unknown>, key = partner.key) =>
    api().post('/v1/pilot-requirements/check').set(bearer(key)).send(body);

  it('answers each figure at its boundary as the experience read gives it, with no number in data, and the pilot sees each check as sent', async () => {
    const { pilot, pilotId: ownId, otherPilotId } = await projectedPilot();
    // Today's by one partner, 100 days ago by the other: each well within its day's 20 checks.
    for (const [asOf, key, pilotId] of [
      [daysAgo(0), partner.key, ownId],
      [daysAgo(100), other.key, otherPilotId],
    ] as const) {
      const read = await api().get(`/v1/pilot-experience?pilot_id=${pilotId}&as_of=${asOf}`).set(bearer(key));
      expect(read.status).toBe(200);
      const expected = boundaryVerdicts(read.body.data as ExperienceFigures);
      // Both verdicts occur, every filter is there, and currency entries too.
      expect(new Set(expected.map((v) => v.met))).toEqual(new Set([true, false]));
      expect(expected.some((v) => 'currency' in v.requirement)).toBe(true);
      for (const part of chunks(expected, 20)) {
        const res = await check(
          { pilot_id: pilotId, as_of: asOf, requirements: part.map((v) => v.requirement) },
          key,
        );
        expect(res.status).toBe(200);
        expectMeta(res);
        expect(res.body.data).toEqual({
          pilot_id: pilotId,
          as_of: asOf,
          results: part.map((v) => ({ id: v.requirement.id, met: v.met })),
          all_met: part.every((v) => v.met),
        });
        expect(numbersIn(JSON.parse(res.text).data)).toEqual([]);
      }
    }

    // The access history, and the export, show each check with its requirements as sent, newest first.
    const sent = [
      { at_least: 1, metric: 'pic_minutes', id: 'order.as_sent' },
      { group: 'airplane_sel', currency: 'faa_61_57_b', id: 'night' },
    ];
    const last = await check({ requirements: sent, pilot_id: ownId });
    expect(last.status).toBe(200);
    expect(last.body.data.as_of).toBe(daysAgo(0));
    for (const path of ['/pilot/v1/access-history', '/pilot/v1/export']) {
      const res = await pilot.send('get', path);
      expect(res.status).toBe(200);
      const history = (path.endsWith('export') ? res.body.data.access_history : res.body.data) as {
        partners: {
          partner: { id: string };
          requirement_checks: { at: string; as_of: string; requirements: unknown[] }[];
        }[];
      };
      const checks = history.partners.find((p) => p.partner.id === partner.partnerId)!.requirement_checks;
      expect(checks[0]).toEqual({ at: expect.any(String), as_of: daysAgo(0), requirements: sent });
      expect(Object.keys(checks[0]!.requirements[0] as object)).toEqual(['at_least', 'metric', 'id']);
      const times = checks.map((c) => c.at);
      expect(times).toEqual([...times].sort().reverse());
      const others = history.partners.find((p) => p.partner.id === other.partnerId)!.requirement_checks;
      expect(others.length).toBeGreaterThan(0);
      expect(others.every((c) => c.as_of === daysAgo(100))).toBe(true);
    }

    // The erasure's step for the access history takes the checks with the rest of it.
    const [{ n }] = await started.replicas[0].db.query(
      'select count(*)::int as n from requirement_checks where pilot_account_id = $1',
      [pilot.id],
    );
    expect(n).toBeGreaterThan(2);
    expect(await new AccessHistory(started.replicas[0].db).forgetPilot(pilot.id)).toBeGreaterThanOrEqual(n);
    const history = await pilot.send('get', '/pilot/v1/access-history');
    expect(
      history.body.data.partners.find((p: { partner: { id: string } }) => p.partner.id === partner.partnerId)
        .requirement_checks,
    ).toEqual([]);
  });
});
