import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  ACTIVE_EXPERIENCE_VIEWS,
  activeExperienceViewsSql,
  projectionTables,
} from '@pft/totals/projection/projection-tables';
import { columnType, versionsToMigrate } from './projection-columns';

/** `value` (text, possibly null) as a group's line writes it: a backslash, tab or newline escaped, null empty. */
const escapedSql = (value: string): string =>
  `coalesce(replace(replace(replace(${value}, '\\', '\\\\'), E'\\t', '\\t'), E'\\n', '\\n'), '')`;

/**
 * The field of a line back as it was: null when empty, else each `\\`, `\t`, `\n` read back. The text
 * is cut at each `\\` (left to right, as the line was written), the other two read back in each
 * piece, and the pieces joined by a backslash.
 */
const unescapedSql = (field: string): string =>
  `case when ${field} <> '' then array_to_string(array(
     select replace(replace(piece, '\\t', E'\\t'), '\\n', E'\\n')
       from unnest(string_to_array(${field}, '\\\\')) with ordinality as p (piece, i) order by p.i), '\\') end`;

/**
 * Each pilot's experience groups (`experience_groups`) turn from JSON (an array of ExperienceGroup)
 * into text, one line per group in order (groupKeyOf, see docs/projections.md): read with a split
 * where JSON was parsed at every read of the row. In every version being read or built; a version
 * already holding text (made as today) is left as it is. The active pilots' view, which reads the
 * column, is made again.
 */
export class ExperienceGroupsAsText1763807200000 implements MigrationInterface {
  name = 'ExperienceGroupsAsText1763807200000';

  async up(q: QueryRunner): Promise<void> {
    const { active, versions } = await versionsToMigrate(q);
    await q.query(`drop view if exists ${ACTIVE_EXPERIENCE_VIEWS.pilots}`);
    for (const version of versions) {
      const t = projectionTables(version);
      if ((await columnType(q, t.totals, 'experience_groups')) !== 'jsonb') continue;
      const features = `(select string_agg(f, ' ' order by i) from jsonb_array_elements_text(g->'features') with ordinality as a (f, i))`;
      const line = [
        `g->>'kind'`,
        `g->>'category'`,
        escapedSql(`g->>'rating_key'`),
        escapedSql(`g->>'type_designator'`),
        // Stored groups hold their counted engine; should one not, it is the unknown one, not a lost line.
        `coalesce(g->>'engine', 'unknown')`,
        `coalesce(${features}, '')`,
      ]
        .map((field) => `(${field})`)
        .join(` || E'\\t' || `);
      await q.query(`alter table ${t.totals} add column experience_groups_text text`);
      await q.query(
        `update ${t.totals} t set experience_groups_text = (
            select coalesce(string_agg(${line}, E'\\n' order by e.n), '')
              from jsonb_array_elements(t.experience_groups) with ordinality as e (g, n))
          where t.experience_groups is not null`,
      );
      await q.query(`alter table ${t.totals} drop column experience_groups`);
      await q.query(`alter table ${t.totals} rename column experience_groups_text to experience_groups`);
    }
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    const { active, versions } = await versionsToMigrate(q);
    await q.query(`drop view if exists ${ACTIVE_EXPERIENCE_VIEWS.pilots}`);
    for (const version of versions) {
      const t = projectionTables(version);
      if ((await columnType(q, t.totals, 'experience_groups')) !== 'text') continue;
      const field = (n: number) => `split_part(l, E'\\t', ${n})`;
      const group = `jsonb_build_object(
          'kind', ${field(1)}, 'category', ${field(2)}, 'rating_key', ${unescapedSql(field(3))},
          'type_designator', ${unescapedSql(field(4))}, 'engine', ${field(5)},
          'features', coalesce(to_jsonb(string_to_array(nullif(${field(6)}, ''), ' ')), '[]'::jsonb))`;
      await q.query(`alter table ${t.totals} add column experience_groups_json jsonb`);
      await q.query(
        `update ${t.totals} t set experience_groups_json = coalesce((
            select jsonb_agg(${group} order by x.n)
              from unnest(string_to_array(nullif(t.experience_groups, ''), E'\\n')) with ordinality as x (l, n)), '[]'::jsonb)
          where t.experience_groups is not null`,
      );
      await q.query(`alter table ${t.totals} drop column experience_groups`);
      await q.query(`alter table ${t.totals} rename column experience_groups_json to experience_groups`);
    }
    for (const sql of activeExperienceViewsSql(active)) await q.query(sql);
  }
}
