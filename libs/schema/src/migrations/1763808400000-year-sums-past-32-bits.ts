import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createExperienceViewsSql, projectionTables } from '@pft/totals/projection/projection-tables';
import { versionsToMigrate } from './projection-columns';

/**
 * The view of the year sums (`pilot_experience_years_v<N>`) in every version being read or built reads
 * a pilot's entries narrow or wide (experience-year-bytes.ts): a pilot whose year sum of a group passes
 * 2^31 - 1 has them written wide, with 64-bit sums; written as 32-bit integers they failed the batch at
 * every retry and held up the projection of the whole Kafka partition. The rows are left as they are:
 * every stored one is narrow, which the view reads as it did, so undoing it changes nothing.
 */
export class YearSumsPast32Bits1763808400000 implements MigrationInterface {
  name = 'YearSumsPast32Bits1763808400000';

  async up(q: QueryRunner): Promise<void> {
    const { versions } = await versionsToMigrate(q);
    for (const version of versions) {
      const years = `view ${projectionTables(version).experienceYears} `;
      for (const sql of createExperienceViewsSql(version)) if (sql.includes(years)) await q.query(sql);
    }
  }

  async down(): Promise<void> {
    // The view reads narrow entries as it did before.
  }
}
