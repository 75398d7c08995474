import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform/database/data-source';
import { createTestDatabase } from '@pft/testing';
import {
  encodeYearEntries,
  newYearEntry,
  YEAR_ENTRY_NUMBERS,
} from '@pft/totals/projection/experience-year-bytes';
import { EXPERIENCE_SUM_COLUMNS } from '@pft/totals/projection/projection-tables';
import { MIGRATIONS } from './migrations';

/** The year sums' view as the versions before 1763808400000 had it: every entry 32-bit integers only. */
function narrowOnlyViewSql(): string {
  const number = (index: number) =>
    `((get_byte(t.experience_years, e.at + ${index * 4}) << 24) | (get_byte(t.experience_years, e.at + ${index * 4 + 1}) << 16)
      | (get_byte(t.experience_years, e.at + ${index * 4 + 2}) << 8) | get_byte(t.experience_years, e.at + ${index * 4 + 3}))`;
  const sums = EXPERIENCE_SUM_COLUMNS.map((c, i) => `${number(i + 3)}::bigint as ${c}`);
  return `create or replace view pilot_experience_years_v1 as
    select t.pilot_account_id, ${number(1)}::smallint as year, ${number(0)}::integer as group_no,
           ${sums.join(', ')}, to_date(nullif(${number(2)}, 0)::text, 'YYYYMMDD') as last_date
      from pilot_totals_v1 t
      cross join lateral generate_series(0, octet_length(t.experience_years) - 1, ${YEAR_ENTRY_NUMBERS * 4}) as e (at)`;
}

/** A pilot's row holding one entry of 2024 whose total flight time is `minutes`. */
async function pilotWith(ds: DataSource, minutes: number): Promise<string> {
  const pilot = randomUUID();
  const entry = newYearEntry(0, 2024);
  entry[2] = '2024-05-01';
  entry[3] = minutes;
  entry[YEAR_ENTRY_NUMBERS - 1] = Math.ceil(minutes / 1440);
  await ds.query(
    `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, updated_at, experience_groups, experience_years)
     values ($1, 1, 0, now(), '', $2)`,
    [pilot, encodeYearEntries([entry])],
  );
  return pilot;
}

const yearsOf = async (ds: DataSource, pilot: string): Promise<unknown[]> =>
  ds.query(
    `select year, group_no, total_flight_time, records, to_char(last_date, 'YYYY-MM-DD') as last_date
       from pilot_experience_years_active where pilot_account_id = $1`,
    [pilot],
  );

/**
 * 1763808400000-year-sums-past-32-bits: the year sums' view reads a pilot's entries written wide (a
 * year's sum past 2^31 - 1) as exactly as the narrow ones, which it reads as before.
 */
describe('year sums past 32 bits in the view (real Postgres)', () => {
  it('reads wide entries exactly once done, narrow ones the same before and after', async () => {
    const db = await createTestDatabase({ migrate: false });
    const ds = await createDataSource(db.url, 1, MIGRATIONS).initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      const narrow = await pilotWith(ds, 2_147_483_520);
      const wide = await pilotWith(ds, 2_147_484_960);
      const expected = (minutes: number, records: number) => [
        {
          year: 2024,
          group_no: 0,
          total_flight_time: String(minutes),
          records: String(records),
          last_date: '2024-05-01',
        },
      ];

      // As a database not yet migrated has it: the wide entry is not read.
      await ds.query(narrowOnlyViewSql());
      expect(await yearsOf(ds, narrow)).toEqual(expected(2_147_483_520, 1_491_308));
      await expect(yearsOf(ds, wide)).rejects.toThrow(/out of valid range/);

      // Undone, the migrations after it first, the last first, and done again.
      const later =
        ds.migrations.length - ds.migrations.findIndex((m) => m.name === 'YearSumsPast32Bits1763808400000');
      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });
      await ds.runMigrations({ transaction: 'each' });
      expect(await yearsOf(ds, narrow)).toEqual(expected(2_147_483_520, 1_491_308));
      expect(await yearsOf(ds, wide)).toEqual(expected(2_147_484_960, 1_491_309));
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
