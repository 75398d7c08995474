/**
 * The partner API enforces the access history's retention by itself: started on a database holding
 * counts older than ACCESS_HISTORY_RETENTION_DAYS, it deletes them soon after it starts, keeps the
 * rest, and says so on its metrics port. Runs the tests' build (`npm run build:test`).
 */
import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';
import { createDataSource } from '@pft/platform';
import {
  type AppProcess,
  createTestDatabase,
  startAppProcess,
  type TestDatabase,
  uniqueRedisPrefix,
  waitFor,
} from '@pft/testing';
import { get, sample } from '../foundation/support/scrape';

const DAY_MS = 86_400_000;
/** `days` UTC days before today, as `YYYY-MM-DD`. */
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

describe('partner API: the access history retention', () => {
  let database: TestDatabase;
  let db: DataSource;
  let partnerApi: AppProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDataSource(database.url, 2).initialize();
  });

  afterAll(async () => {
    await partnerApi?.stop('SIGKILL');
    await db?.destroy();
    await database?.drop();
  });

  it('deletes the counts of days past ACCESS_HISTORY_RETENTION_DAYS soon after it starts, keeps the others, and counts them in its metrics', async () => {
    const { partnerId } = await createPartner(db, 'Years of reads');
    const pilots = Array.from({ length: 5 }, () => randomUUID());
    // 365 days kept: the day 364 days ago is the oldest kept, 365 days ago the newest gone.
    const old = [daysAgo(365), daysAgo(500), daysAgo(2000)];
    const kept = [daysAgo(364), daysAgo(30), daysAgo(0)];
    await db.query(
      `insert into partner_reads (pilot_account_id, partner_id, day, reads, last_at)
       select p, $1, d::date, 2, now() from unnest($2::uuid[]) as p, unnest($3::text[]) as d`,
      [partnerId, pilots, [...old, ...kept]],
    );

    partnerApi = await startAppProcess('partner-api', {
      DATABASE_URL: database.url,
      PARTNER_REDIS_PREFIX: uniqueRedisPrefix(),
      ACCESS_HISTORY_RETENTION_DAYS: '365',
      LOG_LEVEL: 'info',
    });
    const running = partnerApi;
    const metrics = await waitFor(
      async () => {
        const text = (await get(`${running.metricsUrl}/metrics`)).text;
        return (sample(text, 'pft_access_history_retention_last_run_timestamp_seconds') ?? 0) > 0
          ? text
          : undefined;
      },
      40_000,
      "the partner API's first retention run",
    );
    expect(sample(metrics, 'pft_access_history_retention_deleted_total')).toBe(old.length * pilots.length);
    expect(sample(metrics, 'pft_access_history_retention_failures_total')).toBe(0);

    const days = await db.query<{ day: string; n: number }[]>(
      `select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from partner_reads group by day order by day`,
    );
    expect(days).toEqual([...kept].sort().map((day) => ({ day, n: pilots.length })));
    expect(running.output()).toContain(
      `access history: 15 rows (daily read counts, requirement check days, requirement lists) of days before ${daysAgo(364)} deleted`,
    );
  });
});
