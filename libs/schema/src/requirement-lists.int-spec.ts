import { createHash, randomUUID } from 'node:crypto';
import { requirementChecksOf } from '@pft/partners';
import { createDataSource } from '@pft/platform/database/data-source';
import { createTestDatabase } from '@pft/testing';
import { MIGRATIONS } from './migrations';

/** Two lists as partners sent them (their own order of fields), one of them twice over the days. */
const MINIMUMS =
  '[{"metric":"pic_minutes","id":"pic","at_least":30000},{"id":"tt","metric":"flight_count","at_least":3}]';
const INSURER = '[{"id":"night_pax","currency":"faa_61_57_b","group":"airplane_sel"}]';

/** Checks as the recording statement wrote their entries before the lists were kept apart. */
const CHECKS = [
  { pilot: 0, day: '2026-11-30', n: 1, at: '2026-11-30T08:00:00.123Z', as_of: '2026-11-30', list: MINIMUMS },
  { pilot: 0, day: '2026-11-30', n: 2, at: '2026-11-30T10:00:00.000Z', as_of: '2026-06-30', list: INSURER },
  { pilot: 0, day: '2026-12-01', n: 1, at: '2026-12-01T10:01:59.999Z', as_of: '2026-12-01', list: MINIMUMS },
  { pilot: 1, day: '2026-12-01', n: 1, at: '2026-12-01T11:00:00.000Z', as_of: '2026-12-01', list: MINIMUMS },
];

/**
 * 1763810300000-requirement-lists on checks kept with their entries: each list is kept once, named by
 * the SHA-256 of its text, with the last day a check named it; the history reads the same entries;
 * undone, the entries are the same JSON values again.
 */
describe('the lists of requirements kept once (real Postgres)', () => {
  it('moves the checks’ lists into one row each and back, the history reading the same entries', async () => {
    const db = await createTestDatabase({ migrate: false });
    const ds = await createDataSource(db.url, 1, MIGRATIONS).initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      const later =
        ds.migrations.length - ds.migrations.findIndex((m) => m.name === 'RequirementLists1763810300000');
      expect(later).toBeLessThanOrEqual(ds.migrations.length);
      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });

      const partnerId = randomUUID();
      const pilots = [randomUUID(), randomUUID()];
      await ds.query(`insert into partners (partner_id, name) values ($1, 'Lists over the days')`, [
        partnerId,
      ]);
      for (const c of CHECKS) {
        await ds.query(
          `insert into requirement_check_days (pilot_account_id, partner_id, day, checks) values ($1, $2, $3, $4)
           on conflict (pilot_account_id, partner_id, day) do update set checks = excluded.checks`,
          [pilots[c.pilot], partnerId, c.day, c.n],
        );
        await ds.query(
          `insert into requirement_checks (pilot_account_id, partner_id, day, n, entry)
           values ($1, $2, $3, $4, json_build_object('at', $5::text, 'as_of', $6::text, 'requirements', $7::json))`,
          [pilots[c.pilot], partnerId, c.day, c.n, c.at, c.as_of, c.list],
        );
      }
      const entries = async (): Promise<unknown[]> =>
        (
          await ds.query<{ entry: unknown }[]>(
            `select entry from requirement_checks order by pilot_account_id, day, n`,
          )
        ).map((row) => row.entry);
      const before = await entries();
      const history = async (): Promise<unknown[][]> =>
        Promise.all(
          pilots.map(async (pilot) =>
            (await requirementChecksOf(ds, pilot, '2000-01-01')).map((r) => r.entry),
          ),
        );
      const expected = pilots.map((_, p) =>
        CHECKS.filter((c) => c.pilot === p)
          .sort((a, b) => b.day.localeCompare(a.day) || b.n - a.n)
          .map((c) => ({ at: c.at, as_of: c.as_of, requirements: JSON.parse(c.list) as unknown })),
      );

      await ds.runMigrations({ transaction: 'each' });
      const lists = await ds.query<{ id: string; text: string; last_day: string }[]>(
        `select encode(list_id, 'hex') as id, requirements::text as text, to_char(last_day, 'YYYY-MM-DD') as last_day
           from requirement_lists order by requirements::text`,
      );
      const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
      expect(lists.map((l) => ({ ...l }))).toEqual(
        [INSURER, MINIMUMS].sort().map((text) => ({
          id: sha(text),
          text,
          last_day: text === MINIMUMS ? '2026-12-01' : '2026-11-30',
        })),
      );
      expect(await history()).toEqual(expected);

      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });
      expect(await entries()).toEqual(before);
      await ds.runMigrations({ transaction: 'each' });
      expect(await history()).toEqual(expected);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
