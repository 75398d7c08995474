/** TypeORM answers a query with the rows, pg with a result holding them: the rows either way. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
