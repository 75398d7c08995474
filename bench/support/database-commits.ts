import { type DataSource } from 'typeorm';

/**
 * Transactions committed in `database` so far (Postgres's statistics, which lag up to a second): a
 * statement run outside a transaction is one, so for reads this counts their statements.
 */
export async function commitsIn(admin: DataSource, database: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  const [row] = await admin.query<{ n: number }[]>(
    'select pg_stat_get_db_xact_commit(oid)::float8 as n from pg_database where datname = $1',
    [database],
  );
  return row?.n ?? 0;
}
