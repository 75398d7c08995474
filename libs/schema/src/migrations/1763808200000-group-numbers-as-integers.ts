import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_EXPERIENCE_VIEWS,
  activeExperienceViewsSql,
  createExperienceViewsSql,
  projectionTables,
} from '@pft/totals/projection/projection-tables';
import { readProjectionVersions } from '@pft/totals/projection/projection-versions';

/**
 * A flight's experience group number as an integer in every version being read or built: as a
 * smallint, a pilot's 32,768th group (one import of distinct type designators makes as many) failed
 * its batch at every retry and held up the projection of its whole Kafka partition. The views over
 * the column are made again (a view's column cannot change its type); the column is rewritten, so
 * the migration takes about as long as writing the flights rows once.
 */
export class GroupNumbersAsIntegers1763808200000 implements MigrationInterface {
  name = 'GroupNumbersAsIntegers1763808200000';

  async up(q: QueryRunner): Promise<void> {
    await this.retype(q, 'integer');
  }

  async down(q: QueryRunner): Promise<void> {
    await this.retype(q, 'smallint');
  }

  private async retype(q: QueryRunner, type: 'integer' | 'smallint'): Promise<void> {
    const { active, building } = await readProjectionVersions(q);
    for (const view of [
      ACTIVE_EXPERIENCE_VIEWS.days,
      ACTIVE_EXPERIENCE_VIEWS.years,
      ACTIVE_EXPERIENCE_VIEWS.flights,
    ])
      await q.query(`drop view if exists ${view}`);
    for (const version of building === null ? [active] : [active, building]) {
      const t = projectionTables(version);
      await q.query(`drop view if exists ${t.experienceDays}`);
      await q.query(`drop view if exists ${t.experienceYears}`);
      await q.query(`alter table ${t.flights} alter column group_no type ${type}`);
      for (const sql of createExperienceViewsSql(version)) {
        await q.query(
          type === 'integer' ? sql : sql.replace('::integer as group_no', '::smallint as group_no'),
        );
      }
    }
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }
}
