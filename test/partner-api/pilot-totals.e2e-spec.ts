import { randomUUID } from 'node:crypto';
import { waitFor } from '@pft/testing';
import { TOTALS_ANSWER_FIELDS } from '@pft/testing/oracle';
import { type LogbookPipeline, type Pilot } from './logbook-pipeline';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { keyFor, partnerWithKey, type TestPartner } from './partner-api.factories';
import { type PartnerApiUnderTest } from './partner-api.harness';
import { type PartnerPipeline, startPartnerPipeline } from './partner-pipeline';
import { EXPECTED, LOGBOOK } from './pilot-totals.logbook';
import { totalsReadCacheMetric } from '@pft/totals/read/totals-answers.metric';

describe('GET /v1/pilot-totals and /v1/pilot-totals/batch (events through the relay and the projector)', () => {
  let started: PartnerPipeline;
  let pipeline: LogbookPipeline;
  let api: PartnerApiUnderTest;
  let partner: TestPartner;
  let other: TestPartner;
  let logged: Pilot;
  let loggedId: string;

  const read = (key: string, pilotId: string) =>
    api.http().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(bearer(key));
  const batch = (key: string, ids: string) =>
    api.http().get(`/v1/pilot-totals/batch?pilot_ids=${ids}`).set(bearer(key));
  const link = async (key: string, pilot: Pilot): Promise<string> => {
    const res = await api
      .http()
      .post('/v1/link')
      .set(bearer(key))
      .send({ linking_token: await pilot.linkingCode() });
    expect(res.status).toBe(200);
    return (res.body as { data: { pilot_id: string } }).data.pilot_id;
  };

  beforeAll(async () => {
    started = await startPartnerPipeline();
    ({
      pipeline,
      replicas: [api],
    } = started);
    partner = await partnerWithKey(api.db);
    other = await partnerWithKey(api.db);

    logged = pipeline.pilot();
    expect((await logged.send('put', '/pilot/v1/starting-totals', LOGBOOK.starting)).status).toBe(200);
    for (const flight of LOGBOOK.flights) {
      const res = await logged.send('post', '/pilot/v1/flights', { flight_id: randomUUID(), ...flight });
      expect(res.status).toBe(201);
    }
    loggedId = await link(partner.key, logged);
    await waitFor(
      async () => {
        // Until the logbook's last event, the simulator session, is projected: the flight count
        // alone is reached one event earlier (a simulator session is not a flight).
        const res = await read(partner.key, loggedId);
        const data = (
          res.body as { data?: { flight_count?: number; totals?: { simulator_minutes?: number } } }
        ).data;
        return data?.flight_count === 43 && data.totals?.simulator_minutes === 90 ? true : undefined;
      },
      // Usually a few seconds; the consumer's first group join can take far longer on a busy broker.
      150000,
      'the projector to fold the logbook',
    );
  }, 175000);
  afterAll(async () => {
    await started.close();
  });

  it('answers every field of 2.4 from the projection, in the envelope', async () => {
    const requestedAt = Date.now();
    const res = await read(partner.key, loggedId);
    expect(res.status).toBe(200);
    expectMeta(res);
    expect(res.headers['ratelimit-limit']).toBe('1000');
    const { last_updated: lastUpdated, ...rest } = res.body.data as { last_updated: string };
    expect(rest).toEqual({ pilot_id: loggedId, ...EXPECTED });
    expect(Object.keys(res.body.data)).toEqual(TOTALS_ANSWER_FIELDS);
    expect(lastUpdated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(lastUpdated)).toBeLessThanOrEqual(requestedAt + 1000);
    expect(Date.parse(lastUpdated)).toBeGreaterThan(requestedAt - 5 * 60_000);
  });

  it('accepts the pilot_id in upper case and answers it in lower case', async () => {
    const res = await read(partner.key, loggedId.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data.pilot_id).toBe(loggedId);
  });

  it.each([
    ['missing', ''],
    ['empty', 'pilot_id='],
    ['repeated', 'pilot_id=ID&pilot_id=ID'],
    ['not a UUID', 'pilot_id=12345'],
    ['a UUID with spaces', 'pilot_id=%20ID'],
  ])('answers 400 INVALID_REQUEST for a pilot_id %s', async (_what, query) => {
    const res = await api
      .http()
      .get(`/v1/pilot-totals?${query.replace(/ID/g, loggedId)}`)
      .set(bearer(partner.key));
    expectError(res, 400, 'INVALID_REQUEST');
  });

  it('answers 404 PILOT_NOT_FOUND for an id never linked and for another partner’s pilot, alike', async () => {
    const never = await read(partner.key, randomUUID());
    const othersPilot = await read(other.key, loggedId);
    expectError(never, 404, 'PILOT_NOT_FOUND');
    expectError(othersPilot, 404, 'PILOT_NOT_FOUND');
    expect(othersPilot.body.error).toEqual(never.body.error);
  });

  it('lets every key of the partner account read its pilots', async () => {
    const second = await keyFor(api.db, partner.partnerId);
    expect((await read(second.key, loggedId)).status).toBe(200);
  });

  it('stops resolving a pilot_id the moment the disconnect returns, omits it from the batch, and never revives it', async () => {
    const pilot = pipeline.pilot();
    const pilotId = await link(partner.key, pilot);
    expect((await read(partner.key, pilotId)).status).toBe(200);
    expect((await pilot.send('delete', `/pilot/v1/connections/${pilotId}`)).status).toBe(204);
    expectError(await read(partner.key, pilotId), 404, 'PILOT_NOT_FOUND');
    const res = await batch(partner.key, `${pilotId},${loggedId}`);
    expect(res.body.data.pilots.map((p: { pilot_id: string }) => p.pilot_id)).toEqual([loggedId]);

    // Reconnecting with a new code gives a new pilot_id; the old one stays dead.
    const newId = await link(partner.key, pilot);
    expect(newId).not.toBe(pilotId);
    expect((await read(partner.key, newId)).status).toBe(200);
    expectError(await read(partner.key, pilotId), 404, 'PILOT_NOT_FOUND');
  });

  it('answers from memory only until the projector applies a change or the pilot disconnects', async () => {
    const fromMemory = async (): Promise<number> =>
      (await totalsReadCacheMetric.get()).values.find((v) => v.labels.source === 'memory')?.value ?? 0;
    const flightCount = (res: { body: { data?: { flight_count?: number } } }) => res.body.data?.flight_count;
    const pilot = pipeline.pilot();
    const flight = () =>
      pilot.send('post', '/pilot/v1/flights', { flight_id: randomUUID(), ...LOGBOOK.flights[0] });
    expect((await flight()).status).toBe(201);
    const pilotId = await link(partner.key, pilot);

    // Projected and asked twice: the second answer comes from memory, the same as the first.
    const [first, second] = await waitFor(
      async () => {
        const before = await fromMemory();
        const answers = [await read(partner.key, pilotId), await read(partner.key, pilotId)] as const;
        return (await fromMemory()) > before ? answers : undefined;
      },
      30000,
      'an answer from memory',
    );
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(flightCount(second)).toBe(1);

    // A new flight shows as soon as the projector has applied it, whatever was in memory.
    expect((await flight()).status).toBe(201);
    await waitFor(
      async () => (flightCount(await read(partner.key, pilotId)) === 2 ? true : undefined),
      30000,
      'the second flight in the answer',
    );

    // An answer in memory, then the disconnect: the very next read no longer resolves.
    const before = await fromMemory();
    expect((await read(partner.key, pilotId)).status).toBe(200);
    expect((await read(partner.key, pilotId)).status).toBe(200);
    expect(await fromMemory()).toBeGreaterThan(before);
    expect((await pilot.send('delete', `/pilot/v1/connections/${pilotId}`)).status).toBe(204);
    expectError(await read(partner.key, pilotId), 404, 'PILOT_NOT_FOUND');
    expect((await batch(partner.key, pilotId)).body.data).toEqual({ pilots: [] });
  });

  describe('batch', () => {
    it('answers in first-occurrence order, each pilot once, leaving out pilots not linked to the caller', async () => {
      const a = await link(partner.key, pipeline.pilot());
      const b = await link(partner.key, pipeline.pilot());
      const othersOwn = await link(other.key, pipeline.pilot());
      const ids = [b, randomUUID(), loggedId.toUpperCase(), othersOwn, a, b, loggedId, a];
      const res = await batch(partner.key, ids.join(','));
      expect(res.status).toBe(200);
      expectMeta(res);
      expect(Object.keys(res.body.data)).toEqual(['pilots']);
      const pilots = res.body.data.pilots as { pilot_id: string; flight_count: number }[];
      expect(pilots.map((p) => p.pilot_id)).toEqual([b, loggedId, a]);
      const full = pilots[1] as unknown as Record<string, unknown>;
      expect(full).toMatchObject({ pilot_id: loggedId, ...EXPECTED });
      expect(pilots[0]).toMatchObject({ flight_count: 0, rating_breakdown: {}, last_flight_date: null });
    });

    it('answers many batches at once, each whole and its own, in memory lent again from one response to the next', async () => {
      const a = await link(partner.key, pipeline.pilot());
      const b = await link(partner.key, pipeline.pilot());
      // Answers of different lengths, so memory one response gave back holds another's bytes first.
      const lists = [
        [loggedId],
        [a, b],
        [b, loggedId, a],
        [a],
        [loggedId, b],
        [b, a, loggedId, randomUUID()],
      ];
      const expected = lists.map((ids) => ids.filter((id) => id === loggedId || id === a || id === b));
      for (let wave = 0; wave < 3; wave++) {
        const asked = Array.from({ length: 40 }, (_, i) => (i * 7 + wave) % lists.length);
        const answers = await Promise.all(asked.map((at) => batch(partner.key, lists[at]!.join(','))));
        answers.forEach((res, i) => {
          expect(res.status).toBe(200);
          expectMeta(res);
          expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
          const pilots = res.body.data.pilots as { pilot_id: string }[];
          expect(pilots.map((p) => p.pilot_id)).toEqual(expected[asked[i]!]);
        });
        const logbook = answers.flatMap((res) => res.body.data.pilots as { pilot_id: string }[]);
        for (const pilot of logbook.filter((p) => p.pilot_id === loggedId))
          expect(pilot).toMatchObject({ pilot_id: loggedId, ...EXPECTED });
      }
    });

    it('answers an empty list when none of the ids is the caller’s', async () => {
      const res = await batch(other.key, `${loggedId},${randomUUID()}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ pilots: [] });
    });

    it('takes 50 ids, duplicates counted, and refuses 51', async () => {
      const fifty = [loggedId, ...Array.from({ length: 48 }, () => randomUUID()), loggedId];
      const ok = await batch(partner.key, fifty.join(','));
      expect(ok.status).toBe(200);
      expect(ok.body.data.pilots).toHaveLength(1);
      const res = await batch(partner.key, [...fifty, loggedId].join(','));
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual([{ field: 'pilot_ids', issue: 'too_many' }]);
    });

    it.each([
      ['missing', '/v1/pilot-totals/batch'],
      ['empty', '/v1/pilot-totals/batch?pilot_ids='],
      ['with an empty entry', '/v1/pilot-totals/batch?pilot_ids=ID,,ID'],
      ['with a trailing comma', '/v1/pilot-totals/batch?pilot_ids=ID,'],
      ['with a space in an entry', '/v1/pilot-totals/batch?pilot_ids=ID,%20ID'],
      ['with a value not a UUID', '/v1/pilot-totals/batch?pilot_ids=ID,nope'],
      ['repeated as a parameter', '/v1/pilot-totals/batch?pilot_ids=ID&pilot_ids=ID'],
    ])('answers 400 INVALID_REQUEST for pilot_ids %s', async (_what, path) => {
      const res = await api.http().get(path.replace(/ID/g, loggedId)).set(bearer(partner.key));
      expectError(res, 400, 'INVALID_REQUEST');
    });

    it('needs the pilot-totals scope', async () => {
      const dictionaryOnly = await keyFor(api.db, partner.partnerId, { scopes: ['rating-dictionary'] });
      expectError(await batch(dictionaryOnly.key, loggedId), 403, 'INSUFFICIENT_SCOPE');
      expectError(await read(dictionaryOnly.key, loggedId), 403, 'INSUFFICIENT_SCOPE');
    });
  });
});
