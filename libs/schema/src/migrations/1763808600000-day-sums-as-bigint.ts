import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_EXPERIENCE_VIEWS,
  activeExperienceViewsSql,
  createExperienceViewsSql,
  projectionTables,
} from '@pft/totals/projection/projection-tables';
import { versionsToMigrate } from './projection-columns';

/**
 * The day sums (`pilot_experience_days_v<N>`, and `pilot_experience_days_active` over the version read)
 * as bigint columns in every version being read or built: as integers, a day of one group whose sum
 * passed 2^31 - 1 (1,491,309 flights of a whole day, which ingestion takes) failed every read of the
 * view that reached it, "integer out of range". A view's column cannot change its type: the views are
 * made again.
 */
export class DaySumsAsBigint1763808600000 implements MigrationInterface {
  name = 'DaySumsAsBigint1763808600000';

  async up(q: QueryRunner): Promise<void> {
    await this.retype(q, 'bigint');
  }

  async down(q: QueryRunner): Promise<void> {
    await this.retype(q, 'integer');
  }

  private async retype(q: QueryRunner, type: 'bigint' | 'integer'): Promise<void> {
    const { active, versions } = await versionsToMigrate(q);
    await q.query(`drop view if exists ${ACTIVE_EXPERIENCE_VIEWS.days}`);
    for (const version of versions) {
      const days = `view ${projectionTables(version).experienceDays} `;
      await q.query(`drop view if exists ${projectionTables(version).experienceDays}`);
      for (const sql of createExperienceViewsSql(version))
        if (sql.includes(days))
          await q.query(type === 'bigint' ? sql : sql.replace(/::bigint as /g, '::integer as '));
    }
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }
}
