import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { ACTIVE_EXPERIENCE_VIEWS, activeExperienceViewsSql } from '@pft/totals/projection/projection-tables';
import { readProjectionVersions } from '@pft/totals/projection/projection-versions';

/**
 * The active version's flights with what the experience counts of them, as a view of their own
 * (`pilot_experience_flights_active`, made with the other active views: activeExperienceViewsSql):
 * the partner and pilot reads sum a pilot's flights of the 24 months before `as_of` themselves,
 * where they read the day sums' view, which had Postgres group them at every read.
 */
export class ExperienceFlightsView1763807400000 implements MigrationInterface {
  name = 'ExperienceFlightsView1763807400000';

  async up(q: QueryRunner): Promise<void> {
    const { active } = await readProjectionVersions(q);
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`drop view if exists ${ACTIVE_EXPERIENCE_VIEWS.flights}`);
  }
}
