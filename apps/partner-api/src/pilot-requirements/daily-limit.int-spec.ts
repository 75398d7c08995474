import { bearer, expectError } from '../../../../test/partner-api/partner-api.expectations';
import { connection } from '../../../../test/partner-api/partner-api.factories';
import { partnerApiSuite } from '../../../../test/partner-api/partner-api.harness';

const DAY_MS = 86_400_000;

/**
 * The day's limit of requirement checks on the partner API over Postgres and Redis: the day a check
 * counts on is the database's, whatever the clock of the replica that answers says.
 */
describe('POST /v1/pilot-requirements/check: the UTC day of the database', () => {
  const suite = partnerApiSuite({ partner: { scopes: ['pilot-requirements'] } });
  const check = (pilotId: string, n: number) =>
    suite.api
      .http()
      .post('/v1/pilot-requirements/check')
      .set(bearer(suite.partner.key))
      .send({ pilot_id: pilotId, requirements: [{ id: `r${n}`, metric: 'pic_minutes', at_least: n }] });
  const databaseNow = async (): Promise<number> => {
    const rows = await suite.api.db.query<{ now: number }[]>(
      'select (extract(epoch from clock_timestamp()) * 1000)::float8 as now',
    );
    return Number(rows[0]!.now);
  };

  afterEach(() => jest.restoreAllMocks());

  it('is the day a check counts on, so a replica whose clock is a day ahead finds the day used up', async () => {
    // Clear of midnight, so that the test's checks all fall on one day of the database's clock.
    const toMidnight = DAY_MS - ((await databaseNow()) % DAY_MS);
    if (toMidnight < 30_000) await new Promise((later) => setTimeout(later, toMidnight + 1000));
    const { pilotId } = await connection(suite.api.db, suite.partner.partnerId);
    await suite.api.db.query('update connections set shares_experience = true where connection_id = $1', [
      pilotId,
    ]);
    for (let n = 0; n < 20; n++) expect((await check(pilotId, n)).status).toBe(200);

    const systemNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => systemNow() + DAY_MS);
    const ahead = await check(pilotId, 20);
    jest.restoreAllMocks();
    expectError(ahead, 429, 'RATE_LIMITED');
    // To the database's next midnight, not the replica's.
    const retryAfter = Number(ahead.headers['retry-after']);
    const untilMidnight = (DAY_MS - ((await databaseNow()) % DAY_MS)) / 1000;
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(untilMidnight));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(untilMidnight) + 5);

    // Each check's time in the pilot's access history is the database's too.
    const [row] = await suite.api.db.query<{ days: string[] }[]>(
      `select array_agg(to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as days
         from requirement_checks r join connections c
           on c.pilot_account_id = r.pilot_account_id and c.partner_id = r.partner_id
        where c.connection_id = $1 and r.day = (clock_timestamp() at time zone 'UTC')::date`,
      [pilotId],
    );
    const days = row?.days ?? [];
    const today = new Date(await databaseNow()).toISOString().slice(0, 10);
    expect(days).toHaveLength(20);
    for (const at of days) expect(at.slice(0, 10)).toBe(today);
  });
});
