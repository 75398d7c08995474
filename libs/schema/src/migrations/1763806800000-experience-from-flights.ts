import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_EXPERIENCE_VIEWS,
  EXPERIENCE_SUM_COLUMNS,
  activeExperienceViewsSql,
  createExperienceViewsSql,
  flightsByDateIndexSql,
  projectionTables,
} from '@pft/totals/projection/projection-tables';
import { readProjectionVersions } from '@pft/totals/projection/projection-versions';
import { experienceTablesSql, experienceViewsSql } from './1763806000000-pilot-experience';

/** Whether `name` is a table (rather than a view, or nothing). */
async function isTable(q: QueryRunner, name: string): Promise<boolean> {
  const rows = (await q.query(`select relkind from pg_class where relname = $1 and relkind = 'r'`, [
    name,
  ])) as unknown[];
  return rows.length > 0;
}

/**
 * The view of a version's year sums as this migration made it, over `experience_years` as JSON (an
 * array of [group, year, latest date, ...sums]), which 1763807000000-experience-years-as-bytes
 * turned into bytes.
 */
export function jsonYearsViewSql(version: number): string {
  const t = projectionTables(version);
  const sums = EXPERIENCE_SUM_COLUMNS.map((c, i) => `(y->>${i + 3})::bigint as ${c}`);
  return `create or replace view ${t.experienceYears} as
      select t.pilot_account_id, (y->>1)::smallint as year, (y->>0)::smallint as group_no, ${sums.join(', ')},
             (y->>2)::date as last_date
        from ${t.totals} t cross join lateral jsonb_array_elements(t.experience_years) as y`;
}

/**
 * The experience sums leave their tables (docs/projections.md): in every version being read or
 * built, each flight row gains its experience group's number and the flights an index by pilot and
 * date, so the day sums are the flights' (a view); each pilot's row gains its year sums
 * (`experience_years`), so the year sums are the row's (a view too). Both views keep the tables'
 * names and columns, and the active version's views are made again. What the tables held is moved:
 * each flight's group is found in its pilot's `experience_groups`, each pilot's years are read from
 * its year rows. Rows projected before the experience keep null in both (a rebuild gives them theirs).
 * A version whose tables were made as they are today (a new database) has all of it already.
 */
export class ExperienceFromFlights1763806800000 implements MigrationInterface {
  name = 'ExperienceFromFlights1763806800000';

  async up(q: QueryRunner): Promise<void> {
    const { active, building } = await readProjectionVersions(q);
    for (const view of [ACTIVE_EXPERIENCE_VIEWS.days, ACTIVE_EXPERIENCE_VIEWS.years])
      await q.query(`drop view if exists ${view}`);
    for (const version of building === null ? [active] : [active, building]) {
      const t = projectionTables(version);
      await q.query(`alter table ${t.flights} add column if not exists group_no smallint`);
      await q.query(`alter table ${t.totals} add column if not exists experience_years jsonb`);
      if (await isTable(q, t.experienceDays)) {
        await q.query(
          `update ${t.flights} f set group_no = g.n - 1
             from ${t.totals} t cross join lateral jsonb_array_elements(t.experience_groups) with ordinality as g (grp, n)
            where t.pilot_account_id = f.pilot_account_id
              and g.grp->>'kind' = f.kind and g.grp->>'category' = f.category
              and g.grp->>'rating_key' is not distinct from f.rating_key
              and g.grp->>'type_designator' is not distinct from f.type_designator
              and g.grp->>'engine' = coalesce(f.engine, 'unknown')
              and coalesce(f.features, '') = coalesce(
                (select string_agg(x, ' ' order by i) from jsonb_array_elements_text(g.grp->'features') with ordinality as a (x, i)), '')`,
        );
        const sums = EXPERIENCE_SUM_COLUMNS.map((c) => `y.${c}`).join(', ');
        await q.query(
          `update ${t.totals} t set experience_years = coalesce((
              select jsonb_agg(jsonb_build_array(y.group_no, y.year, to_char(y.last_date, 'YYYY-MM-DD'), ${sums}))
                from ${t.experienceYears} y where y.pilot_account_id = t.pilot_account_id), '[]'::jsonb)
            where t.experience_groups is not null`,
        );
        await q.query(`drop table ${t.experienceDays}`);
        await q.query(`drop table ${t.experienceYears}`);
        await q.query(flightsByDateIndexSql(version));
        // The day sums' view is today's; the year sums' as this migration left them.
        await q.query(createExperienceViewsSql(version)[0]!);
        await q.query(jsonYearsViewSql(version));
      }
      // Otherwise the version's tables were made as they are today, with their views.
    }
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    const { active, building } = await readProjectionVersions(q);
    for (const view of Object.values(ACTIVE_EXPERIENCE_VIEWS)) await q.query(`drop view if exists ${view}`);
    for (const version of building === null ? [active] : [active, building]) {
      const t = projectionTables(version);
      const views = [t.experienceDays, t.experienceYears];
      for (const view of views) await q.query(`alter view if exists ${view} rename to ${view}_sums`);
      for (const sql of experienceTablesSql(version)) await q.query(sql);
      for (const view of views) {
        await q.query(`insert into ${view} select * from ${view}_sums`);
        await q.query(`drop view ${view}_sums`);
      }
      await q.query(`drop index if exists ${t.flights}_by_date`);
      await q.query(`alter table ${t.flights} drop column if exists group_no`);
      await q.query(`alter table ${t.totals} drop column if exists experience_years`);
    }
    for (const sql of experienceViewsSql(active)) await q.query(sql);
  }
}
