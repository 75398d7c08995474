import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { type DataSource } from 'typeorm';
import { createPartner } from '@pft/partners';

import { rowsOf } from '@pft/platform/database/rows-of';
import { withTestDataSource } from '@pft/testing';
import { AccessHistoryRetention } from './access-history-retention';
import { type PartnerApiConfig } from '../partner-api.config';

/** Noon UTC on 2026-12-01: with 400 days kept, 2025-10-28 is the first day kept. */
const NOW = new Date('2026-12-01T12:00:00Z');
const FIRST_KEPT = '2025-10-28';

async function metric(name: string): Promise<number> {
  const values = (await register.getSingleMetric(name)!.get()).values;
  return values[0]?.value ?? 0;
}

describe('access history retention (Postgres): older days deleted in bounded statements', () => {
  let ds: DataSource;
  withTestDataSource(3, (made) => (ds = made));

  const retention = (): AccessHistoryRetention =>
    new AccessHistoryRetention({ ACCESS_HISTORY_RETENTION_DAYS: 400 } as PartnerApiConfig, ds);

  /** One count per pilot of a new partner on each of `days`; answers the partner's id. */
  async function reads(pilots: number, days: string[]): Promise<string> {
    const { partnerId } = await createPartner(ds, 'Reads over the years');
    await ds.query(
      `insert into partner_reads (pilot_account_id, partner_id, day, reads, last_at)
       select p, $1, d::date, 3, d::date + time '10:00'
         from unnest($2::uuid[]) as p, unnest($3::text[]) as d`,
      [partnerId, Array.from({ length: pilots }, () => randomUUID()), days],
    );
    return partnerId;
  }

  /**
   * One pilot's requirement checks of `partnerId`, one on each of `days`, all of the list `requirements`
   * (kept with the last of those days as its last day).
   */
  async function checks(partnerId: string, days: string[], requirements = '[]'): Promise<void> {
    const pilotId = randomUUID();
    await ds.query(
      `insert into requirement_check_days (pilot_account_id, partner_id, day, checks)
       select $1, $2, d::date, 1 from unnest($3::text[]) as d`,
      [pilotId, partnerId, days],
    );
    await ds.query(
      `insert into requirement_lists (list_id, requirements, last_day)
       select sha256(convert_to($1, 'UTF8')), $1::json, max(d::date) from unnest($2::text[]) as d
       on conflict (list_id) do update set last_day = greatest(requirement_lists.last_day, excluded.last_day)`,
      [requirements, days],
    );
    await ds.query(
      `insert into requirement_checks (pilot_account_id, partner_id, day, n, at, as_of, list_id)
       select $1, $2, d::date, 1, d::date + time '10:00', d::date, sha256(convert_to($4, 'UTF8'))
         from unnest($3::text[]) as d`,
      [pilotId, partnerId, days, requirements],
    );
  }

  /** The lists of requirements kept, by their JSON text. */
  const listsKept = async (): Promise<string[]> =>
    (
      await ds.query<{ requirements: string }[]>(
        `select requirements::text as requirements from requirement_lists order by requirements::text`,
      )
    ).map((r) => r.requirements);

  /** The days of the partner's checks, and of their counts. */
  const checkDaysOf = async (partnerId: string): Promise<{ checks: string[]; counts: string[] }> => {
    const daysIn = async (table: string): Promise<string[]> =>
      (
        await ds.query<{ day: string }[]>(
          `select to_char(day, 'YYYY-MM-DD') as day from ${table} where partner_id = $1 order by day`,
          [partnerId],
        )
      ).map((r) => r.day);
    return { checks: await daysIn('requirement_checks'), counts: await daysIn('requirement_check_days') };
  };

  const daysOf = async (partnerId: string): Promise<string[]> =>
    (
      await ds.query<{ day: string }[]>(
        `select to_char(day, 'YYYY-MM-DD') as day from partner_reads where partner_id = $1 order by day, pilot_account_id`,
        [partnerId],
      )
    ).map((r) => r.day);

  it('keeps the last 400 UTC days (the first one kept included) and deletes the rest, a batch a statement, visible in the metrics', async () => {
    const old = ['2019-03-01', '2025-01-15', '2025-10-27'];
    const kept = [FIRST_KEPT, '2026-06-30', '2026-12-01'];
    // 9 pilots: 27 rows to delete, 27 to keep.
    const partnerId = await reads(9, [...old, ...kept]);
    await checks(partnerId, [...old, ...kept]);
    // A list last named on the last day before the first kept, and one first named on that day.
    const lastOld = '[{"id":"old","metric":"flight_count","at_least":1}]';
    const firstKept = '[{"id":"kept","metric":"flight_count","at_least":1}]';
    await checks(partnerId, old, lastOld);
    await checks(partnerId, [FIRST_KEPT], firstKept);
    const deletedBefore = await metric('pft_access_history_retention_deleted_total');

    const run = await retention().run(NOW, 10);

    // Three statements of at most 10 rows delete the 27 old counts, the third, short, ending them; one
    // deletes the 6 old days of requirement checks (two pilots' 3), one the list no kept check names.
    expect(run).toEqual({ keptFrom: FIRST_KEPT, deleted: 34, statements: 5 });
    expect(await daysOf(partnerId)).toEqual(kept.flatMap((day) => Array<string>(9).fill(day)));
    expect(await checkDaysOf(partnerId)).toEqual({
      checks: [...kept, FIRST_KEPT].sort(),
      counts: [...kept, FIRST_KEPT].sort(),
    });
    expect(await listsKept()).toEqual(['[]', firstKept]);
    expect((await metric('pft_access_history_retention_deleted_total')) - deletedBefore).toBe(34);
    expect(await metric('pft_access_history_retention_last_run_timestamp_seconds')).toBeGreaterThan(
      NOW.getTime() / 1000,
    );
    expect(await metric('pft_access_history_retention_run_duration_seconds')).toBeGreaterThan(0);

    // Nothing left to delete: one statement of each, nothing deleted.
    expect(await retention().run(NOW, 10)).toEqual({ keptFrom: FIRST_KEPT, deleted: 0, statements: 3 });
  });

  it('skips a row another transaction holds instead of waiting for it, and deletes it in a later run', async () => {
    const partnerId = await reads(4, ['2024-05-05', FIRST_KEPT]);
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      // An erasure (or another replica's retention) holding one of the old rows.
      const [held] = rowsOf<{ pilot_account_id: string }>(
        await runner.query(
          `select pilot_account_id::text from partner_reads where partner_id = $1 and day < $2::date
          order by pilot_account_id limit 1 for update`,
          [partnerId, FIRST_KEPT],
        ),
      );

      const run = await retention().run(NOW, 10);
      expect(run.deleted).toBe(3);
      expect(await daysOf(partnerId)).toEqual(['2024-05-05', ...Array<string>(4).fill(FIRST_KEPT)]);
      expect(held).toBeDefined();

      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect((await retention().run(NOW, 10)).deleted).toBe(1);
    expect(await daysOf(partnerId)).toEqual(Array<string>(4).fill(FIRST_KEPT));
  });

  it('lets the app shut down while a statement is held up; that statement ends once let through, and no other follows it', async () => {
    const partnerId = await reads(2, ['2023-02-02', FIRST_KEPT]);
    const runner = ds.createQueryRunner();
    await runner.connect();
    let settled = false;
    let run: Promise<unknown> | undefined;
    try {
      await runner.startTransaction();
      // The whole table locked (a migration, a database in trouble): the run's statement waits.
      await runner.query('lock table partner_reads in access exclusive mode');
      const stopping = retention();
      run = stopping.run(NOW, 10).finally(() => (settled = true));
      await stopping.beforeApplicationShutdown();
      expect(settled).toBe(false);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    // Its statement ends once the lock is gone, and deleted what it found.
    await run;
    expect(await retention().run(NOW, 10)).toEqual({ keptFrom: FIRST_KEPT, deleted: 0, statements: 3 });
    expect(await daysOf(partnerId)).toEqual(Array<string>(2).fill(FIRST_KEPT));
  });
});
