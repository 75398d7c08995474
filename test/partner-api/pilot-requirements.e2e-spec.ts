import { randomUUID } from 'node:crypto';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { partnerWithKey } from './partner-api.factories';
import { partnerApiSuite } from './partner-api.harness';
import { checkOf, linked, numbersIn, requirements, SCOPES } from './requirement-checks';

describe('POST /v1/pilot-requirements/check', () => {
  const suite = partnerApiSuite({ partner: { scopes: SCOPES } });
  const check = (body: unknown, key = suite.partner.key, headers: Record<string, string> = {}) =>
    checkOf(suite.api, key, body, headers);

  it('answers verdicts only, in the order sent, for a pilot who shares their experience', async () => {
    const pilotId = await linked(suite.api.db, suite.partner.partnerId);
    const res = await check({
      pilot_id: pilotId.toUpperCase(),
      requirements: [
        { id: 'none', metric: 'total_flight_time_minutes', at_least: 0 },
        { id: 'some', metric: 'pic_minutes', at_least: 1 },
        { id: 'night', currency: 'faa_61_57_b', group: 'airplane_sel' },
      ],
    });
    expect(res.status).toBe(200);
    expectMeta(res);
    expect(res.body.data).toEqual({
      pilot_id: pilotId,
      as_of: new Date().toISOString().slice(0, 10),
      results: [
        { id: 'none', met: true },
        { id: 'some', met: false },
        { id: 'night', met: false },
      ],
      all_met: false,
    });
    expect(numbersIn(JSON.parse(res.text).data)).toEqual([]);
  });

  describe('errors, in the order of checks', () => {
    it('403 INSUFFICIENT_SCOPE for a key without pilot-requirements, whatever the body', async () => {
      for (const scopes of [['pilot-totals'], ['pilot-experience']] as const) {
        const without = await partnerWithKey(suite.api.db, { scopes });
        const res = await check({ pilot_id: 'nope' }, without.key);
        expectError(res, 403, 'INSUFFICIENT_SCOPE');
        expect(res.body.error.details).toEqual([
          { field: 'scope', issue: 'missing', message: 'pilot-requirements' },
        ]);
      }
    });

    it('400 INVALID_REQUEST naming each bad item, before the lookup', async () => {
      const res = await check({
        pilot_id: randomUUID(),
        requirements: [
          { id: 'a', metric: 'landings_day', engine: 'piston', at_least: 1 },
          { id: 'a', metric: 'pic_minutes', at_least: 1.5 },
          { id: 'c', currency: 'faa_61_57_c', group: 'airplane_sel' },
          { id: 'd', metric: 'pic_minutes', type_designator: ['B738', 'B738'], at_least: 1 },
        ],
      });
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details.map((d: { field: string; issue: string }) => [d.field, d.issue])).toEqual(
        [
          ['requirements[0].metric', 'not_allowed'],
          ['requirements[1].id', 'duplicate'],
          ['requirements[1].at_least', 'wrong_type'],
          ['requirements[2].group', 'invalid_value'],
          ['requirements[3].type_designator[1]', 'duplicate'],
        ],
      );
    });

    it.each([
      ['not JSON', '{', 'invalid_json'],
      ['not an object', '[]', 'not_an_object'],
    ])('400 INVALID_REQUEST for a body %s', async (_what, text, issue) => {
      const res = await suite.api
        .http()
        .post('/v1/pilot-requirements/check')
        .set({ ...bearer(suite.partner.key), 'content-type': 'application/json' })
        .send(text);
      expectError(res, 400, 'INVALID_REQUEST');
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'body', issue })]);
    });

    it('takes a body of up to 8 KB (over the 1 KB of other routes) and refuses a larger one', async () => {
      const pilotId = await linked(suite.api.db, suite.partner.partnerId);
      /** A valid check of 20 requirements, padded with spaces after the JSON to `bytes`. */
      const padded = (bytes: number) => {
        const json = JSON.stringify({
          pilot_id: pilotId,
          requirements: requirements(20, `${'x'.repeat(50)}.`),
        });
        return json + ' '.repeat(bytes - json.length);
      };
      const send = (text: string) =>
        suite.api
          .http()
          .post('/v1/pilot-requirements/check')
          .set({ ...bearer(suite.partner.key), 'content-type': 'application/json' })
          .send(text);
      const taken = await send(padded(8192));
      expect(taken.status).toBe(200);
      expect(taken.body.data.results).toHaveLength(20);
      const refused = await send(padded(8193));
      expectError(refused, 400, 'INVALID_REQUEST');
      expect(refused.body.error.details).toEqual([
        expect.objectContaining({ field: 'body', issue: 'too_large' }),
      ]);
      // Other routes keep their 1 KB.
      const link = await suite.api
        .http()
        .post('/v1/link')
        .set({ ...bearer(suite.partner.key), 'content-type': 'application/json' })
        .send(JSON.stringify({ linking_token: 'x'.repeat(1100) }));
      expect(link.body.error.details).toEqual([
        expect.objectContaining({ field: 'body', issue: 'too_large' }),
      ]);
    });

    it('404 PILOT_NOT_FOUND for a pilot never linked, another partner’s or disconnected', async () => {
      const body = (pilotId: string) => ({ pilot_id: pilotId, requirements: requirements() });
      expectError(await check(body(randomUUID())), 404, 'PILOT_NOT_FOUND');
      const other = await partnerWithKey(suite.api.db, { scopes: SCOPES });
      expectError(await check(body(await linked(suite.api.db, other.partnerId))), 404, 'PILOT_NOT_FOUND');
      const gone = await linked(suite.api.db, suite.partner.partnerId);
      await suite.api.db.query('update connections set disconnected_at = now() where connection_id = $1', [
        gone,
      ]);
      expectError(await check(body(gone)), 404, 'PILOT_NOT_FOUND');
    });

    it('403 EXPERIENCE_NOT_SHARED for a linked pilot who does not share it', async () => {
      const pilotId = await linked(suite.api.db, suite.partner.partnerId, false);
      const res = await check({ pilot_id: pilotId, requirements: requirements() });
      expectError(res, 403, 'EXPERIENCE_NOT_SHARED');
      expect(res.body.error.message).toBe('The pilot does not share their experience with you');
    });
  });

  it('honours Idempotency-Key: the same check again is replayed, another body with the key is 409', async () => {
    const pilotId = await linked(suite.api.db, suite.partner.partnerId);
    const key = { 'Idempotency-Key': randomUUID() };
    const body = { pilot_id: pilotId, requirements: requirements(2) };
    const first = await check(body, suite.partner.key, key);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await check(body, suite.partner.key, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    const other = await check({ ...body, requirements: requirements(3) }, suite.partner.key, key);
    expectError(other, 409, 'IDEMPOTENCY_CONFLICT');
  });
});
