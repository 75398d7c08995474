import { oracleExperience, type ExperienceRecord } from '@pft/testing/oracle';
import { bearer, flightBody, startIngestion, type IngestionHarness } from './support/ingestion-harness';

/** Records of a pilot flying several types, engines and features, a simulator session among them. */
const LOGBOOK: Record<string, unknown>[] = [
  flightBody({
    date: '2024-11-30',
    aircraft: {
      category: 'airplane',
      rating_key: 'mep_land',
      registration: 'D-GABC',
      type_designator: 'PA34',
      features: ['retractable_gear', 'complex'],
    },
    minutes: { total_flight_time: 130, pic: 130, multi_engine: 130, night: 40 },
    takeoffs: { day: 1, night: 1 },
    landings: { day: 0, night: 2, night_full_stop: 2 },
  }),
  flightBody({
    date: '2026-06-12',
    aircraft: {
      category: 'airplane',
      rating_key: 'sep_land',
      registration: 'D-EABC',
      type_designator: 'C172',
    },
    minutes: { total_flight_time: 95, pic: 95, single_engine: 95, cross_country: 95 },
    landings: { day: 3, night: 0, day_full_stop: 2 },
    approaches: 4,
    holds: 1,
  }),
  flightBody({
    date: '2026-09-03',
    aircraft: {
      category: 'airplane',
      rating_key: 'set_land',
      registration: 'D-FABC',
      type_designator: 'C208',
      engine: 'turboprop',
      features: ['taa'],
    },
    minutes: { total_flight_time: 180, sic: 180, single_engine: 180, night: 60 },
    takeoffs: { day: 0, night: 3 },
    landings: { day: 0, night: 3, night_full_stop: 3 },
  }),
  {
    ...flightBody({ date: '2026-11-20', kind: 'simulator' }),
    aircraft: { category: 'airplane', rating_key: 'sep_land', type_designator: 'C172' },
    minutes: { simulator: 120 },
    landings: { day: 0, night: 0 },
    approaches: 6,
    holds: 2,
  },
];

describe('pilot app API: GET /pilot/v1/experience (e2e)', () => {
  let h: IngestionHarness;

  beforeAll(async () => {
    h = await startIngestion();
  });
  afterAll(async () => {
    await h.close();
  });

  const experience = (token: string, query = '') =>
    h
      .http()
      .get(`/pilot/v1/experience${query}`)
      .set(...bearer(token));

  it('answers the experience of the current records and starting totals as of each date, as the spec reckons it', async () => {
    const pilot = h.pilot();
    const starting = { totals: { total_flight_time_minutes: 30000, pic_minutes: 12000 } };
    const startingTotals = (
      await h
        .http()
        .put('/pilot/v1/starting-totals')
        .set(...bearer(pilot.token))
        .send(starting)
        .expect(200)
    ).body.data;
    for (const body of LOGBOOK)
      await h
        .http()
        .post('/pilot/v1/flights')
        .set(...bearer(pilot.token))
        .send(body)
        .expect((res) => expect([res.status, res.body.error]).toEqual([201, undefined]));
    // An amendment that moves a flight to another date, type and engine, and a deletion: only the
    // current records count.
    const moved: Record<string, unknown> = {
      ...LOGBOOK[1]!,
      date: '2026-10-01',
      aircraft: { ...(LOGBOOK[1]!.aircraft as object), type_designator: 'PA28', engine: 'piston' },
    };
    await h
      .http()
      .put(`/pilot/v1/flights/${String(moved.flight_id)}`)
      .set(...bearer(pilot.token))
      .send(moved)
      .expect(200);
    const deleted = flightBody({ date: '2026-11-01' });
    await h
      .http()
      .post('/pilot/v1/flights')
      .set(...bearer(pilot.token))
      .send(deleted)
      .expect(201);
    await h
      .http()
      .delete(`/pilot/v1/flights/${String(deleted.flight_id)}`)
      .set(...bearer(pilot.token))
      .expect(204);

    const stored = await h
      .http()
      .get('/pilot/v1/flights?limit=200')
      .set(...bearer(pilot.token))
      .expect(200);
    const records = stored.body.data.flights as ExperienceRecord[];
    expect(records).toHaveLength(LOGBOOK.length);

    for (const asOf of ['1990-01-01', '2024-11-30', '2025-02-28', '2026-06-12', '2026-09-30', '2026-12-01']) {
      const res = await experience(pilot.token, `?as_of=${asOf}`).expect(200);
      const { last_updated, ...answer } = res.body.data;
      expect(Date.parse(last_updated)).not.toBeNaN();
      expect(answer).toEqual({ ...oracleExperience({ records, starting: startingTotals }, asOf) });
    }
  });

  it('is as of today (UTC) without as_of', async () => {
    const pilot = h.pilot();
    const res = await experience(pilot.token).expect(200);
    expect(res.body.data.as_of).toBe(new Date().toISOString().slice(0, 10));
    expect(res.body.data.currency).toEqual([]);
    expect(res.body.data.by_aircraft_type).toEqual([]);
  });

  it.each([
    ['2026-02-30', 'invalid_format'],
    ['yesterday', 'invalid_format'],
    ['1903-12-16', 'out_of_range'],
    ['2999-01-01', 'out_of_range'],
  ])('as_of=%s: 400 INVALID_REQUEST naming as_of (%s), with the request id', async (value, issue) => {
    const pilot = h.pilot();
    const res = await experience(pilot.token, `?as_of=${value}`).expect(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'as_of', issue })]);
    expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
  });

  it('without a pilot token: 401', async () => {
    await h.http().get('/pilot/v1/experience').expect(401);
  });
});
