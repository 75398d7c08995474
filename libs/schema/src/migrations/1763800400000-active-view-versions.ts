import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { ACTIVE_TOTALS_VIEW, activeViewSql } from '@pft/totals/projection/projection-tables';
import { readProjectionVersions } from '@pft/totals/projection/projection-versions';

/**
 * The partner API's view of the active pilot totals version gains, as its last columns, each row's
 * stream version and projection version (see activeViewSql). Replaced in place: the columns before
 * them are unchanged, so readers of the old columns go on as they were.
 */
export class ActiveViewVersions1763800400000 implements MigrationInterface {
  name = 'ActiveViewVersions1763800400000';

  async up(q: QueryRunner): Promise<void> {
    const { active } = await readProjectionVersions(q);
    await q.query(activeViewSql(active));
  }

  async down(q: QueryRunner): Promise<void> {
    const { active } = await readProjectionVersions(q);
    // A view cannot lose columns in place: made again without the last two (the migrations test
    // checks the columns after undoing this).
    const withoutVersions = activeViewSql(active)
      .replace('create or replace view', 'create view')
      .replace(/,\s*t\.stream_version, \d+ as projection_version/, '');
    await q.query(`drop view if exists ${ACTIVE_TOTALS_VIEW}`);
    await q.query(withoutVersions);
  }
}
