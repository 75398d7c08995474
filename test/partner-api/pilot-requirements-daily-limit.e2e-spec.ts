import { randomUUID } from 'node:crypto';
import { RateClock } from '@pft/partners/rate-limits/rate-clock';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { expectError } from './partner-api.expectations';
import { partnerWithKey, type TestPartner } from './partner-api.factories';
import { type PartnerApiUnderTest, startPartnerApi } from './partner-api.harness';
import { checkOf, linked, requirements, SCOPES } from './requirement-checks';

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
