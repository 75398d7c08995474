import { type Queryable } from './queryable';
import { rowsOf } from './rows-of';

/**
 * Runs a statement that deletes rows and answers how many as its one row's `n` (`select count(*)::int
 * as n from gone`); that count.
 */
export async function countDeleted(
  runner: Queryable,
  statement: string,
  parameters?: unknown[],
): Promise<number> {
  const rows = rowsOf<{ n: number }>(await runner.query(statement, parameters));
  return rows[0]?.n ?? 0;
}
