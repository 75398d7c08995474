import { type Queryable } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';

/**
 * Counts, in the test database of `db`, each insert statement into `events` by stream (its transition
 * table), for appendStatementsOf: how an append was split into statements.
 */
export async function countAppendStatements(db: Queryable): Promise<void> {
  await db.query(`create table append_statements (n serial, stream_id text, events int)`);
  await db.query(`
    create function count_append_statement() returns trigger language plpgsql as $$
    begin
      insert into append_statements (stream_id, events) select stream_id, count(*) from added group by stream_id;
      return null;
    end $$`);
  await db.query(`
    create trigger count_append_statement after insert on events referencing new table as added
      for each statement execute function count_append_statement()`);
}

/** The events of each statement that appended to `stream`, in order (countAppendStatements). */
export async function appendStatementsOf(db: Queryable, stream: string): Promise<number[]> {
  return rowsOf<{ events: number }>(
    await db.query(`select events from append_statements where stream_id = $1 order by n`, [stream]),
  ).map((r) => r.events);
}
