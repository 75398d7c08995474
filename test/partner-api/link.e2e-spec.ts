import { randomUUID } from 'node:crypto';
import { consentStreamId } from '@pft/contracts';
import { randomFlight, seededRandom } from '@pft/testing';
import { oracleTotals } from '@pft/testing/oracle';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { keyFor, linkingCode, partnerWithKey } from './partner-api.factories';
import { partnerApiSuite } from './partner-api.harness';

describe('POST /v1/link', () => {
  const suite = partnerApiSuite();

  const link = (key: string, body: unknown) =>
    suite.api
      .http()
      .post('/v1/link')
      .set(bearer(key))
      .send(body as object);
  /** GET /v1/pilot-totals of one pilot, with the partner's key unless told another. */
  const totalsOf = (pilotId: string, key = suite.partner.key) =>
    suite.api.http().get(`/v1/pilot-totals?pilot_id=${pilotId}`).set(bearer(key));
  const disconnect = (pilotId: string) =>
    suite.api.db.query('update connections set disconnected_at = now() where connection_id = $1', [pilotId]);

  it('redeems a code for a pilot_id in the envelope, and records PilotLinked in the same transaction', async () => {
    const { code, pilotAccountId } = await linkingCode(suite.api.db);
    const res = await link(suite.partner.key, { linking_token: code });
    expect(res.status).toBe(200);
    expectMeta(res);
    expect(Object.keys(res.body.data)).toEqual(['pilot_id']);
    const pilotId: string = res.body.data.pilot_id;
    expect(pilotId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const [connection] = await suite.api.db.query(
      'select partner_id, pilot_account_id, disconnected_at from connections where connection_id = $1',
      [pilotId],
    );
    expect(connection).toEqual({
      partner_id: suite.partner.partnerId,
      pilot_account_id: pilotAccountId,
      disconnected_at: null,
    });
    const events = await suite.api.db.query(
      `select type, payload, metadata, exists (select 1 from event_outbox o where o.position = e.position) as outboxed
         from events e where stream_id = $1`,
      [consentStreamId(pilotAccountId)],
    );
    expect(events).toEqual([
      {
        type: 'PilotLinked',
        payload: expect.objectContaining({
          pilot_account_id: pilotAccountId,
          partner_id: suite.partner.partnerId,
          connection_id: pilotId,
        }),
        metadata: { request_id: res.body.meta.request_id, command_last_version: 1 },
        outboxed: true,
      },
    ]);
    const [used] = await suite.api.db.query(
      'select used_by_partner from linking_codes where pilot_account_id = $1',
      [pilotAccountId],
    );
    expect(used.used_by_partner).toBe(suite.partner.partnerId);
  });

  it('accepts the code in any case with surrounding whitespace', async () => {
    const { code } = await linkingCode(suite.api.db);
    const res = await link(suite.partner.key, { linking_token: `  ${code.toLowerCase()}\n` });
    expect(res.status).toBe(200);
  });

  it('answers a used, expired, unknown or malformed code with one INVALID_TOKEN message', async () => {
    const used = await linkingCode(suite.api.db);
    expect((await link(suite.partner.key, { linking_token: used.code })).status).toBe(200);
    const expired = await linkingCode(suite.api.db, randomUUID(), -1000);
    const unknown = 'PFT-0000-0000-0000-0000';
    const answers = await Promise.all(
      [used.code, expired.code, unknown, 'not a code', '', 'PFT-ABCD-EFGH-JKMN'].map((token) =>
        link(suite.partner.key, { linking_token: token }),
      ),
    );
    for (const res of answers) expectError(res, 400, 'INVALID_TOKEN');
    expect(new Set(answers.map((r): unknown => r.body.error.message)).size).toBe(1);
    const [{ n }] = await suite.api.db.query(
      'select count(*)::int as n from connections where pilot_account_id = $1',
      [expired.pilotAccountId],
    );
    expect(n).toBe(0);
  });

  it.each([
    ['a body that is not JSON', 'application/json', '{"linking_token":'],
    ['a body of another content type', 'text/plain', 'PFT-0000-0000-0000-0000'],
    ['a form body', 'application/x-www-form-urlencoded', 'linking_token=PFT-0000-0000-0000-0000'],
    ['a JSON array', 'application/json', '["PFT-0000-0000-0000-0000"]'],
    ['a JSON string', 'application/json', '"PFT-0000-0000-0000-0000"'],
    ['JSON null', 'application/json', 'null'],
    ['an empty body', 'application/json', ''],
    ['an object without linking_token', 'application/json', '{"token":"PFT-0000-0000-0000-0000"}'],
    ['a linking_token that is not a string', 'application/json', '{"linking_token":12345}'],
    [
      'a body over 1 KB',
      'application/json',
      JSON.stringify({ linking_token: 'PFT-0000-0000-0000-0000', pad: 'x'.repeat(1000) }),
    ],
  ])('refuses %s with 400 INVALID_REQUEST', async (_what, type, body) => {
    const res = await suite.api
      .http()
      .post('/v1/link')
      .set(bearer(suite.partner.key))
      .set('Content-Type', type)
      .send(body);
    expectError(res, 400, 'INVALID_REQUEST');
  });

  it('takes a body of exactly 1024 bytes', async () => {
    const { code } = await linkingCode(suite.api.db);
    const base = JSON.stringify({ linking_token: code, pad: '' });
    const body = JSON.stringify({ linking_token: code, pad: 'x'.repeat(1024 - base.length) });
    expect(Buffer.byteLength(body)).toBe(1024);
    const res = await suite.api
      .http()
      .post('/v1/link')
      .set(bearer(suite.partner.key))
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(200);
  });

  it('lets exactly one of 12 concurrent redemptions of one code succeed', async () => {
    const { code, pilotAccountId } = await linkingCode(suite.api.db);
    const other = await partnerWithKey(suite.api.db);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        link(i % 2 === 0 ? suite.partner.key : other.key, { linking_token: code }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(11).fill(400)]);
    for (const res of answers.filter((r) => r.status === 400)) expectError(res, 400, 'INVALID_TOKEN');
    const [{ n }] = await suite.api.db.query(
      'select count(*)::int as n from connections where pilot_account_id = $1',
      [pilotAccountId],
    );
    expect(n).toBe(1);
  });

  it('gives a pilot already linked to the partner the same pilot_id, and uses the new code up', async () => {
    const pilot = randomUUID();
    const first = await link(suite.partner.key, {
      linking_token: (await linkingCode(suite.api.db, pilot)).code,
    });
    const again = await linkingCode(suite.api.db, pilot);
    const second = await link(suite.partner.key, { linking_token: again.code });
    expect(second.body.data.pilot_id).toBe(first.body.data.pilot_id);
    expectError(await link(suite.partner.key, { linking_token: again.code }), 400, 'INVALID_TOKEN');
    const [{ n }] = await suite.api.db.query(
      `select count(*)::int as n from events where stream_id = $1 and type = 'PilotLinked'`,
      [consentStreamId(pilot)],
    );
    expect(n).toBe(1);
  });

  it('shares one pilot_id between the keys of one partner account', async () => {
    const pilot = randomUUID();
    const secondKey = await keyFor(suite.api.db, suite.partner.partnerId);
    const first = await link(suite.partner.key, {
      linking_token: (await linkingCode(suite.api.db, pilot)).code,
    });
    const second = await link(secondKey.key, {
      linking_token: (await linkingCode(suite.api.db, pilot)).code,
    });
    expect(second.body.data.pilot_id).toBe(first.body.data.pilot_id);
  });

  it('gives two partners their own pilot_id for the same pilot', async () => {
    const pilot = randomUUID();
    const other = await partnerWithKey(suite.api.db);
    const mine = await link(suite.partner.key, {
      linking_token: (await linkingCode(suite.api.db, pilot)).code,
    });
    const theirs = await link(other.key, { linking_token: (await linkingCode(suite.api.db, pilot)).code });
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.pilot_id).not.toBe(mine.body.data.pilot_id);
  });

  it('issues a new pilot_id after a disconnect; the old one stays dead', async () => {
    const pilot = randomUUID();
    const before = await link(suite.partner.key, {
      linking_token: (await linkingCode(suite.api.db, pilot)).code,
    });
    const oldId: string = before.body.data.pilot_id;
    await disconnect(oldId);
    expectError(await totalsOf(oldId), 404, 'PILOT_NOT_FOUND');

    const after = await link(suite.partner.key, {
      linking_token: (await linkingCode(suite.api.db, pilot)).code,
    });
    const newId: string = after.body.data.pilot_id;
    expect(newId).not.toBe(oldId);
    expect((await totalsOf(newId)).status).toBe(200);
    expectError(await totalsOf(oldId), 404, 'PILOT_NOT_FOUND');
  });

  it('lets a key with no scope link', async () => {
    const scopeless = await partnerWithKey(suite.api.db, { scopes: [] });
    const { code } = await linkingCode(suite.api.db);
    const res = await link(scopeless.key, { linking_token: code });
    expect(res.status).toBe(200);
    expectError(await totalsOf(res.body.data.pilot_id, scopeless.key), 403, 'INSUFFICIENT_SCOPE');
  });

  it('makes a just-linked pilot readable at once, with zero totals and last_updated now', async () => {
    const before = Date.now();
    const { code } = await linkingCode(suite.api.db);
    const linked = await link(suite.partner.key, { linking_token: code });
    const res = await totalsOf(linked.body.data.pilot_id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      pilot_id: linked.body.data.pilot_id,
      landings: { total_day: 0, total_night: 0 },
      rating_breakdown: {},
      flight_count: 0,
      last_flight_date: null,
    });
    expect(Object.values(res.body.data.totals)).toEqual(Array<number>(14).fill(0));
    const lastUpdated = Date.parse(res.body.data.last_updated);
    expect(lastUpdated).toBeGreaterThanOrEqual(before - 1000);
    expect(lastUpdated).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('reads a just-linked pilot whose flights are not projected yet exactly, computed live', async () => {
    const { code, pilotAccountId } = await linkingCode(suite.api.db);
    const random = seededRandom(7);
    const flights = Array.from({ length: 12 }, () => randomFlight(random));
    for (const flight of flights) {
      await suite.api.db.query(
        `insert into flights (pilot_account_id, flight_id, flight, flight_date, recorded_at, updated_at)
         values ($1, $2, $3, $4, now(), now())`,
        [pilotAccountId, flight.flight_id, flight, flight.date],
      );
    }
    const linked = await link(suite.partner.key, { linking_token: code });
    const res = await totalsOf(linked.body.data.pilot_id);
    expect(res.status).toBe(200);
    const { pilot_id: _id, last_updated: lastUpdated, ...totals } = res.body.data;
    expect(totals).toEqual(oracleTotals({ flights, starting: null }));
    expect(Date.parse(lastUpdated as string)).toBeGreaterThan(Date.now() - 5000);
  });
});
