import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { bearer, expectError, expectMeta } from './partner-api.expectations';
import { connection, partnerWithKey, type TestPartner } from './partner-api.factories';
import { type PartnerApiUnderTest, partnerApiSuite, startPartnerApi } from './partner-api.harness';
import { numbersIn } from './requirement-checks';

const SCOPES = ['pilot-requirements'] as const;

/** A pilot linked to the partner, sharing their experience (or not): the partner's pilot_id. */
async function linked(db: DataSource, partnerId: string, shares = true): Promise<string> {
  const { pilotId } = await connection(db, partnerId);
  await db.query('update connections set shares_experience = $2 where connection_id = $1', [pilotId, shares]);
  return pilotId;
}

/** `n` valid requirements, each named apart. */
const requirements = (n = 1, tag = 'r') =>
  Array.from({ length: n }, (_, i) => ({
    id: `${tag}${i}`,
    metric: 'total_flight_time_minutes',
    at_least: i,
  }));

const checkOf = (
  api: PartnerApiUnderTest,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  api
    .http()
    .post('/v1/pilot-requirements/check')
    .set({ ...bearer(key), ...headers })
    .send(body as object);

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

/**
 * The day's limit on two replicas of the partner API on one database and Redis, their clocks held at
 * one instant (noon UTC today) so that the test never runs over midnight.
 */
describe('POST /v1/pilot-requirements/check: 20 answered checks of a pilot a UTC day', () => {
  let database: TestDatabase;
  let replicas: PartnerApiUnderTest[];
  let partner: TestPartner;
  const noon = (daysAhead = 0) => {
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    return today + daysAhead * 86_400_000 + 43_200_000;
  };
  const holdClocks = (at: number) => {
    for (const replica of replicas) jest.spyOn(replica.app.get(RateClock), 'now').mockReturnValue(at);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const first = await startPartnerApi({}, database);
    replicas = [first, await startPartnerApi({ PARTNER_REDIS_PREFIX: first.redisPrefix }, database)];
    partner = await partnerWithKey(first.db, { scopes: SCOPES });
  });
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.close();
    await database?.drop();
  });
  beforeEach(() => holdClocks(noon()));
  afterEach(() => jest.restoreAllMocks());

  const check = (replica: number, body: unknown, headers: Record<string, string> = {}) =>
    checkOf(replicas[replica]!, partner.key, body, headers);

  it('answers exactly 20 of 25 checks sent at once to two replicas; the rest 429 with Retry-After to midnight UTC', async () => {
    const pilotId = await linked(replicas[0]!.db, partner.partnerId);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        check(i % 2, { pilot_id: pilotId, requirements: requirements(1, `c${i}`) }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    const limited = answers.filter((r) => r.status !== 200);
    expect(limited).toHaveLength(5);
    for (const res of limited) {
      expectError(res, 429, 'RATE_LIMITED');
      expect(res.headers['retry-after']).toBe('43200');
    }
    // The next UTC day starts again.
    holdClocks(noon(1));
    expect((await check(1, { pilot_id: pilotId, requirements: requirements() })).status).toBe(200);
  });

  it('counts neither replays nor refused checks; the 21st answered check is refused on either replica', async () => {
    const pilotId = await linked(replicas[0]!.db, partner.partnerId);
    const body = (tag: string) => ({ pilot_id: pilotId, requirements: requirements(1, tag) });
    const key = { 'Idempotency-Key': randomUUID() };
    expect((await check(0, body('first'), key)).status).toBe(200);
    for (const replica of [0, 1, 0]) {
      const replayed = await check(replica, body('first'), key);
      expect(replayed.status).toBe(200);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
    }
    // Refused: a bad body, and checks while the pilot does not share the experience.
    expectError(await check(1, { pilot_id: pilotId, requirements: [] }), 400, 'INVALID_REQUEST');
    const db = replicas[0]!.db;
    await db.query('update connections set shares_experience = false where connection_id = $1', [pilotId]);
    for (const replica of [0, 1])
      expectError(await check(replica, body('unshared')), 403, 'EXPERIENCE_NOT_SHARED');
    await db.query('update connections set shares_experience = true where connection_id = $1', [pilotId]);
    for (let i = 1; i < 20; i++) expect((await check(i % 2, body(`n${i}`))).status).toBe(200);
    for (const replica of [0, 1]) {
      const res = await check(replica, body(`over${replica}`));
      expectError(res, 429, 'RATE_LIMITED');
      expect(res.body.error.message).toMatch(
        /^At most 20 requirement checks of a pilot by one partner a UTC day/,
      );
      expect(res.headers['retry-after']).toBe('43200');
    }
    // A replay is still answered past the limit; the day holds the 20 answered checks.
    expect((await check(1, body('first'), key)).headers['idempotent-replayed']).toBe('true');
    const [{ n }] = await db.query(
      `select count(*)::int as n from requirement_checks r
         join connections c on c.pilot_account_id = r.pilot_account_id and c.partner_id = r.partner_id
        where c.connection_id = $1`,
      [pilotId],
    );
    expect(n).toBe(20);
    // The limit is the partner's and the pilot account's: another partner of the same pilot has its own
    // 20, and this partner's new link of the same pilot (a new pilot_id) finds the day's 20 used up.
    const linkOf = async (partnerId: string) => {
      const id = randomUUID();
      await db.query(
        `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience)
         select $1, $2, pilot_account_id, now(), true from connections where connection_id = $3`,
        [id, partnerId, pilotId],
      );
      return id;
    };
    const other = await partnerWithKey(db, { scopes: SCOPES });
    const byOther = await checkOf(replicas[1]!, other.key, {
      pilot_id: await linkOf(other.partnerId),
      requirements: requirements(),
    });
    expect(byOther.status).toBe(200);
    await db.query('update connections set disconnected_at = now() where connection_id = $1', [pilotId]);
    const relinked = await linkOf(partner.partnerId);
    expectError(await check(0, { pilot_id: relinked, requirements: requirements() }), 429, 'RATE_LIMITED');
    // A check refused past the limit under a key keeps no answer: the same request the next day is
    // answered, not replayed.
    const late = { 'Idempotency-Key': randomUUID() };
    expectError(
      await check(0, { pilot_id: relinked, requirements: requirements(1, 'late') }, late),
      429,
      'RATE_LIMITED',
    );
    holdClocks(noon(1));
    const nextDay = await check(1, { pilot_id: relinked, requirements: requirements(1, 'late') }, late);
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers['idempotent-replayed']).toBeUndefined();
  });
});
