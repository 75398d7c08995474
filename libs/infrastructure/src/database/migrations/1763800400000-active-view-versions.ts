import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_TOTALS_VIEW,
  activeViewSql,
  PILOT_TOTALS_PROJECTION,
} from '../../projections/projection-tables';

/**
 * The partner API's view of the active pilot totals version gains, as its last columns, each row's
 * stream version and projection version (see activeViewSql). Replaced in place: the columns before
 * them are unchanged, so readers of the old columns go on as they were.
 */
export class ActiveViewVersions1763800400000 implements MigrationInterface {
  name = 'ActiveViewVersions1763800400000';

  async up(q: QueryRunner): Promise<void> {
    const [row] = (await q.query(`select active_version from projection_versions where projection = $1`, [
      PILOT_TOTALS_PROJECTION,
    ])) as { active_version: number }[];
    if (row) await q.query(activeViewSql(row.active_version));
  }

  async down(q: QueryRunner): Promise<void> {
    const [row] = (await q.query(`select active_version from projection_versions where projection = $1`, [
      PILOT_TOTALS_PROJECTION,
    ])) as { active_version: number }[];
    if (!row) return;
    // A view cannot lose columns in place: made again without the last two.
    const withoutVersions = activeViewSql(row.active_version)
      .replace('create or replace view', 'create view')
      .replace(/,\s*t\.stream_version, \d+ as projection_version/, '');
    await q.query(`drop view if exists ${ACTIVE_TOTALS_VIEW}`);
    await q.query(withoutVersions);
  }
}
