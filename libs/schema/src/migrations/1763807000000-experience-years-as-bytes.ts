import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_EXPERIENCE_VIEWS,
  EXPERIENCE_SUM_COLUMNS,
  activeExperienceViewsSql,
  createExperienceViewsSql,
  projectionTables,
} from '@pft/totals/projection/projection-tables';
import { jsonYearsViewSql } from './1763806800000-experience-from-flights';
import { columnType, versionsToMigrate } from './projection-columns';

/** The views over a version's pilots' rows: dropped before their column changes, made again after. */
async function dropYearsViews(q: QueryRunner, version: number): Promise<void> {
  await q.query(`drop view if exists ${ACTIVE_EXPERIENCE_VIEWS.years}`);
  await q.query(`drop view if exists ${ACTIVE_EXPERIENCE_VIEWS.pilots}`);
  await q.query(`drop view if exists ${projectionTables(version).experienceYears}`);
}

/**
 * Each pilot's year sums (`experience_years`) turn from JSON into bytes (encodeYearEntries, see
 * docs/projections.md), in every version being read or built: the same entries, each as 32-bit
 * big-endian integers with its latest date as YYYYMMDD (0 for none). The views over them are made
 * again with the same columns. A version already holding bytes (made as today) is left as it is.
 */
export class ExperienceYearsAsBytes1763807000000 implements MigrationInterface {
  name = 'ExperienceYearsAsBytes1763807000000';

  async up(q: QueryRunner): Promise<void> {
    const { active, versions } = await versionsToMigrate(q);
    for (const version of versions) {
      const t = projectionTables(version);
      if ((await columnType(q, t.totals, 'experience_years')) !== 'jsonb') continue;
      const number = (path: string) => `int4send(coalesce((${path})::integer, 0))`;
      const entry = [
        number(`y->>0`),
        number(`y->>1`),
        number(`to_char((y->>2)::date, 'YYYYMMDD')`),
        ...EXPERIENCE_SUM_COLUMNS.map((_, i) => number(`y->>${i + 3}`)),
      ].join(' || ');
      await q.query(`alter table ${t.totals} add column experience_years_bytes bytea`);
      await q.query(
        `update ${t.totals} t set experience_years_bytes = (
            select coalesce(string_agg(${entry}, ''::bytea order by e.n), ''::bytea)
              from jsonb_array_elements(t.experience_years) with ordinality as e (y, n))
          where t.experience_years is not null`,
      );
      await dropYearsViews(q, version);
      await q.query(`alter table ${t.totals} drop column experience_years`);
      await q.query(`alter table ${t.totals} rename column experience_years_bytes to experience_years`);
      for (const sql of createExperienceViewsSql(version)) await q.query(sql);
    }
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    const { active, versions } = await versionsToMigrate(q);
    for (const version of versions) {
      const t = projectionTables(version);
      if ((await columnType(q, t.totals, 'experience_years')) !== 'bytea') continue;
      const sums = EXPERIENCE_SUM_COLUMNS.map((c) => `y.${c}`).join(', ');
      await q.query(`alter table ${t.totals} add column experience_years_json jsonb`);
      await q.query(
        `update ${t.totals} t set experience_years_json = coalesce((
            select jsonb_agg(jsonb_build_array(y.group_no, y.year, to_char(y.last_date, 'YYYY-MM-DD'), ${sums}))
              from ${t.experienceYears} y where y.pilot_account_id = t.pilot_account_id), '[]'::jsonb)
          where t.experience_years is not null`,
      );
      await dropYearsViews(q, version);
      await q.query(`alter table ${t.totals} drop column experience_years`);
      await q.query(`alter table ${t.totals} rename column experience_years_json to experience_years`);
      await q.query(jsonYearsViewSql(version));
    }
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }
}
