import { type QueryRunner } from 'typeorm';
import { readProjectionVersions } from '@pft/totals/projection/projection-versions';

/** The versions of the projection a migration changes: the one being read and the one being built, if any. */
export async function versionsToMigrate(q: QueryRunner): Promise<{ active: number; versions: number[] }> {
  const { active, building } = await readProjectionVersions(q);
  return { active, versions: building === null ? [active] : [active, building] };
}

/** The type of `column` of `table` (`jsonb`, `bytea`, `text`...); undefined when there is none. */
export async function columnType(q: QueryRunner, table: string, column: string): Promise<string | undefined> {
  const rows = (await q.query(
    `select data_type from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and column_name = $2`,
    [table, column],
  )) as { data_type: string }[];
  return rows[0]?.data_type;
}
