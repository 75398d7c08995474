import { randomUUID } from 'node:crypto';
import { AccessHistory } from '@pft/partners';
import { currencyRuleCatalog } from '@pft/totals/domain';
import { storedFlight, waitFor } from '@pft/testing';
import { oracleExperience } from '@pft/testing/oracle';
import { AccessRecorder } from '../../apps/partner-api/src/access-history/access-recorder';
import { daysAgo } from './experience-flights';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { partnerWithKey } from './partner-api.factories';
import { pilotExperienceSuite, richerFlights } from './pilot-experience.suite';

/** The oracle's experience of the pilot's current records (the bodies as the write side stores them). */
const oracleOf = (bodies: readonly Record<string, unknown>[], asOf = daysAgo(0)) =>
  oracleExperience(
    {
      records: bodies.map((body) => storedFlight(body, daysAgo(0))),
      starting: null,
    },
    asOf,
  );

/** The parts of section 2 of an answer, as the oracle gives them. */
const experiencePart = (data: Record<string, unknown>) => {
  const { pilot_id: _id, last_updated: _at, ...rest } = data;
  return rest;
};

/** GET /v1/pilot-experience and its batch, and GET /v1/currency-rules, on two replicas of the partner API. */
describe('partner API: pilot experience', () => {
  const { suite, api, pilotWith, read } = pilotExperienceSuite();

  it('answers the experience the spec gives for the pilot’s current records, at once and once projected', async () => {
    const { pilotId, flights } = await pilotWith(richerFlights());
    const oracle = oracleOf(flights);
    // Right after the link: live from the logbook, or from the projection as far as it has come (its
    // last_updated says so); once the projection has every flight, on both replicas, the oracle's.
    const first = await read(pilotId);
    expect(first.status).toBe(200);
    expectMeta(first);
    expect(Object.keys(first.body.data)).toEqual([
      'pilot_id',
      'as_of',
      'last_updated',
      'lifetime',
      'windows',
      'by_aircraft_type',
      'by_engine',
      'by_feature',
      'currency',
    ]);
    expect(first.body.data.pilot_id).toBe(pilotId);
    expect(Date.parse(first.body.data.last_updated)).toBeLessThanOrEqual(Date.now());
    for (const replica of [0, 1]) {
      const projected = await waitFor(
        async () => {
          const res = await read(pilotId, '', suite.partner.key, replica);
          return res.body.data?.lifetime?.flight_count === 3 ? res : undefined;
        },
        30_000,
        'the flights in the projection',
      );
      expect(experiencePart(projected.body.data)).toEqual(oracle);
    }

    // As of an earlier date: records dated after it count nowhere.
    const asOf = daysAgo(20);
    const earlier = await read(pilotId, `&as_of=${asOf}`);
    expect(earlier.status).toBe(200);
    expect(experiencePart(earlier.body.data)).toEqual(oracleOf(flights, asOf));
  });

  it('follows an amendment: the answer after the change equals the oracle of the current records', async () => {
    const { pilot, pilotId, flights } = await pilotWith(richerFlights());
    const amended: Record<string, unknown> = { ...flights[2], approaches: 6, holds: 1 };
    const res = await pilot.send('put', `/pilot/v1/flights/${String(amended.flight_id)}`, amended);
    expect([200, 201]).toContain(res.status);
    const oracle = oracleOf([flights[0]!, flights[1]!, amended]);
    const answered = await waitFor(
      async () => {
        const got = await read(pilotId);
        return got.body.data?.lifetime?.approaches === oracle.lifetime.approaches ? got : undefined;
      },
      30_000,
      'the amendment in the experience',
    );
    expect(experiencePart(answered.body.data)).toEqual(oracle);
  });

  it('stops answering at once on both replicas when the pilot stops sharing, and again when shared', async () => {
    const { pilot, pilotId } = await pilotWith(richerFlights());
    for (const replica of [0, 1])
      expect((await read(pilotId, '', suite.partner.key, replica)).status).toBe(200);
    const stop = await pilot.send('put', `/pilot/v1/connections/${pilotId}/sharing`, { experience: false });
    expect(stop.status).toBe(200);
    const [a, b] = await Promise.all([0, 1].map((replica) => read(pilotId, '', suite.partner.key, replica)));
    expectError(a!, 403, 'EXPERIENCE_NOT_SHARED');
    expectError(b!, 403, 'EXPERIENCE_NOT_SHARED');
    const batch = await api(1)
      .get(`/v1/pilot-experience/batch?pilot_ids=${pilotId}`)
      .set(bearer(suite.partner.key));
    expect(batch.body.data).toEqual({ pilots: [] });

    const again = await pilot.send('put', `/pilot/v1/connections/${pilotId}/sharing`, { experience: true });
    expect(again.status).toBe(200);
    for (const replica of [0, 1])
      expect((await read(pilotId, '', suite.partner.key, replica)).status).toBe(200);
  });

  describe('GET /v1/pilot-experience/batch', () => {
    it('answers in the order of first occurrence, once each, leaving out the unknown and the not sharing', async () => {
      const [one, two] = [await pilotWith(richerFlights()), await pilotWith([])];
      const notSharing = await pilotWith([], false);
      const unknown = randomUUID();
      const ids = [two.pilotId.toUpperCase(), unknown, one.pilotId, notSharing.pilotId, two.pilotId];
      const res = await api()
        .get(`/v1/pilot-experience/batch?pilot_ids=${ids.join(',')}&as_of=${daysAgo(0)}`)
        .set(bearer(suite.partner.key));
      expect(res.status).toBe(200);
      expectMeta(res);
      expect(res.body.data.pilots.map((p: { pilot_id: string }) => p.pilot_id)).toEqual([
        two.pilotId,
        one.pilotId,
      ]);
      const single = await read(one.pilotId);
      expect(experiencePart(res.body.data.pilots[1])).toEqual(experiencePart(single.body.data));
    });

    it.each([
      ['51 ids', () => Array.from({ length: 51 }, () => randomUUID()).join(','), 'too_many'],
      ['an empty entry', () => `${randomUUID()},,${randomUUID()}`, 'invalid_uuid'],
      ['a trailing comma', () => `${randomUUID()},`, 'invalid_uuid'],
      ['no ids', () => '', 'required'],
    ])('400 INVALID_REQUEST for %s', async (_what, list, issue) => {
      const res = await api()
        .get(`/v1/pilot-experience/batch?pilot_ids=${list()}`)
        .set(bearer(suite.partner.key));
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'pilot_ids', issue })]);
    });

    it('takes 50 ids, duplicates counted as sent', async () => {
      const { pilotId } = await pilotWith([]);
      const res = await api()
        .get(`/v1/pilot-experience/batch?pilot_ids=${Array.from({ length: 50 }, () => pilotId).join(',')}`)
        .set(bearer(suite.partner.key));
      expect(res.status).toBe(200);
      expect(res.body.data.pilots).toHaveLength(1);
    });
  });

  describe('GET /v1/currency-rules', () => {
    it('lists the catalog in order, with an ETag; a matching If-None-Match is 304; either scope will do', async () => {
      const requirementsOnly = await partnerWithKey(suite.replicas[0].db, { scopes: ['pilot-requirements'] });
      for (const key of [suite.partner.key, requirementsOnly.key]) {
        const res = await api().get('/v1/currency-rules').set(bearer(key));
        expect(res.status).toBe(200);
        expectMeta(res);
        expect(res.body.data).toEqual(currencyRuleCatalog());
        expect(res.body.data.rules.map((r: { key: string }) => r.key)).toEqual([
          'faa_61_57_a',
          'faa_61_57_b',
          'faa_61_57_c',
          'easa_fcl_060_b1',
          'easa_fcl_060_b2',
        ]);
        expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
        const cached = await api(1)
          .get('/v1/currency-rules')
          .set({ ...bearer(key), 'If-None-Match': res.headers.etag });
        expect(cached.status).toBe(304);
        expect(cached.text).toBe('');
        expect(cached.headers['ratelimit-remaining']).toBeDefined();
      }
    });
  });

  it('records every experience read in the pilot’s access history, apart from the totals reads', async () => {
    const { pilot, pilotId } = await pilotWith([]);
    for (const replica of [0, 1])
      expect((await read(pilotId, '', suite.partner.key, replica)).status).toBe(200);
    const batch = await api()
      .get(`/v1/pilot-experience/batch?pilot_ids=${pilotId},${pilotId}`)
      .set(bearer(suite.partner.key));
    expect(batch.status).toBe(200);
    expect(
      (await api().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(bearer(suite.partner.key))).status,
    ).toBe(200);
    // A refused read is not one: the pilot stops sharing, then is asked again.
    await pilot.send('put', `/pilot/v1/connections/${pilotId}/sharing`, { experience: false });
    expectError(await read(pilotId), 403, 'EXPERIENCE_NOT_SHARED');
    for (const replica of suite.replicas) await replica.app.get(AccessRecorder).flush();

    const today = daysAgo(0);
    for (const path of ['/pilot/v1/access-history', '/pilot/v1/export']) {
      const res = await pilot.send('get', path);
      expect(res.status).toBe(200);
      const history = (path.endsWith('export') ? res.body.data.access_history : res.body.data) as {
        partners: { partner: { id: string }; reads: unknown[]; experience_reads: unknown[] }[];
      };
      const entry = history.partners.find((p) => p.partner.id === suite.partner.partnerId)!;
      expect(entry.experience_reads).toEqual([{ date: today, count: 3, last_at: expect.any(String) }]);
      expect(entry.reads).toEqual([{ date: today, count: 1, last_at: expect.any(String) }]);
    }

    // Erasure's step for the access history takes the experience reads with the rest of it.
    expect(await new AccessHistory(suite.replicas[0].db).forgetPilot(pilot.id)).toBe(2);
    const [{ count }] = await suite.replicas[0].db.query(
      'select count(*)::int as count from partner_reads where pilot_account_id = $1',
      [pilot.id],
    );
    expect(count).toBe(0);
  });
});
