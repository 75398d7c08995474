import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_EXPERIENCE_VIEWS,
  EXPERIENCE_FLIGHT_COLUMNS,
  activeExperienceViewsSql,
  createExperienceTablesSql,
  projectionTables,
} from '@pft/totals/projection/projection-tables';
import { readProjectionVersions } from '@pft/totals/projection/projection-versions';

/**
 * The pilot totals projection gains the pilots' experience (docs/projections.md): in every version
 * being read or built, each flight's experience fields, each pilot's experience groups, the day and
 * year sums, and the views of the active version. Rows projected before keep `experience_groups`
 * null: their experience is not known until `pft projections rebuild pilot_totals` has run.
 */
export class PilotExperience1763806000000 implements MigrationInterface {
  name = 'PilotExperience1763806000000';

  async up(q: QueryRunner): Promise<void> {
    const { active, building } = await readProjectionVersions(q);
    for (const version of building === null ? [active] : [active, building]) {
      const t = projectionTables(version);
      await q.query(`alter table ${t.totals} add column if not exists experience_groups jsonb`);
      await q.query(
        `alter table ${t.flights} ${EXPERIENCE_FLIGHT_COLUMNS.map(([name, type]) => `add column if not exists ${name} ${type}`).join(', ')}`,
      );
      for (const sql of createExperienceTablesSql(version)) await q.query(sql);
    }
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const view of Object.values(ACTIVE_EXPERIENCE_VIEWS)) await q.query(`drop view if exists ${view}`);
    const { active, building } = await readProjectionVersions(q);
    for (const version of building === null ? [active] : [active, building]) {
      const t = projectionTables(version);
      await q.query(`drop table if exists ${t.experienceDays}`);
      await q.query(`drop table if exists ${t.experienceYears}`);
      await q.query(`alter table ${t.totals} drop column if exists experience_groups`);
      await q.query(
        `alter table ${t.flights} ${EXPERIENCE_FLIGHT_COLUMNS.map(([name]) => `drop column if exists ${name}`).join(', ')}`,
      );
    }
  }
}
