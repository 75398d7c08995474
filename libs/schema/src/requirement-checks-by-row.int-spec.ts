import { randomUUID } from 'node:crypto';
import { createDataSource } from '@pft/platform/database/data-source';
import { createTestDatabase } from '@pft/testing';
import { MIGRATIONS } from './migrations';

/** A check as the access history keeps it, its requirements with the partner's own order of fields. */
const entry = (at: string, id: string): string =>
  `{"at":"${at}","as_of":"2026-11-30","requirements":[{"metric":"flight_count","id":"${id}","at_least":3}]}`;

/** Two pilots' days of checks of one partner, each day's in the order answered. */
const DAYS = [
  { pilot: 0, day: '2026-11-30', checks: [entry('2026-11-30T08:00:00.000Z', 'a')] },
  {
    pilot: 0,
    day: '2026-12-01',
    checks: Array.from({ length: 20 }, (_, i) =>
      entry(`2026-12-01T10:${String(i).padStart(2, '0')}:00.000Z`, `r${i}`),
    ),
  },
  {
    pilot: 1,
    day: '2026-12-01',
    checks: [entry('2026-12-01T11:00:00.000Z', 'b'), entry('2026-12-01T11:01:00.000Z', 'c')],
  },
];

/**
 * 1763807600000-requirement-checks-by-row on days of checks stored as arrays: each check becomes a row
 * numbered in its day's order and each day a count; undone, the arrays are the very texts they were.
 */
describe('the requirement checks stored a row each (real Postgres)', () => {
  it('moves each day’s checks into rows and counts, and back, without changing one character', async () => {
    const db = await createTestDatabase({ migrate: false });
    // The schema as of this migration: later ones keep the checks otherwise (requirement lists).
    const upTo = MIGRATIONS.findIndex((m) => m.name === 'RequirementChecksByRow1763807600000');
    expect(upTo).toBeGreaterThan(0);
    const ds = await createDataSource(db.url, 1, MIGRATIONS.slice(0, upTo + 1)).initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      const later =
        ds.migrations.length -
        ds.migrations.findIndex((m) => m.name === 'RequirementChecksByRow1763807600000');
      expect(later).toBeLessThanOrEqual(ds.migrations.length);
      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });

      const partnerId = randomUUID();
      const pilots = [randomUUID(), randomUUID()];
      await ds.query(`insert into partners (partner_id, name) values ($1, 'Checks over the days')`, [
        partnerId,
      ]);
      for (const { pilot, day, checks } of DAYS)
        await ds.query(
          `insert into requirement_checks (pilot_account_id, partner_id, day, checks) values ($1, $2, $3, $4::json[])`,
          [pilots[pilot], partnerId, day, checks],
        );
      const arrays = async () =>
        (
          await ds.query<{ pilot: string; day: string; checks: string }[]>(
            `select pilot_account_id::text as pilot, to_char(day, 'YYYY-MM-DD') as day, checks::text[]::text as checks
               from requirement_checks order by day, pilot_account_id`,
          )
        ).map((row) => ({ ...row }));
      const before = await arrays();
      expect(before).toHaveLength(3);

      await ds.runMigrations({ transaction: 'each' });
      const rows = await ds.query<{ pilot: string; day: string; n: number; entry: string }[]>(
        `select pilot_account_id::text as pilot, to_char(day, 'YYYY-MM-DD') as day, n, entry::text as entry
           from requirement_checks order by pilot_account_id, day, n`,
      );
      const expected = DAYS.flatMap(({ pilot, day, checks }) =>
        checks.map((text, i) => ({ pilot: pilots[pilot]!, day, n: i + 1, entry: text })),
      ).sort((a, b) => a.pilot.localeCompare(b.pilot) || a.day.localeCompare(b.day) || a.n - b.n);
      expect(rows).toEqual(expected);
      const counts = await ds.query<{ pilot: string; day: string; checks: number }[]>(
        `select pilot_account_id::text as pilot, to_char(day, 'YYYY-MM-DD') as day, checks
           from requirement_check_days order by day, pilot_account_id`,
      );
      expect(counts.map((c) => ({ ...c }))).toEqual(
        before.map(({ pilot, day }) => ({
          pilot,
          day,
          checks: DAYS.find((d) => pilots[d.pilot] === pilot && d.day === day)!.checks.length,
        })),
      );

      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });
      expect(await arrays()).toEqual(before);
      await ds.runMigrations({ transaction: 'each' });
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
