import { Client } from 'pg';

/**
 * ANALYZE every table of the database at `url`, as autovacuum would between rounds. This machine's
 * Postgres runs with autovacuum off, so the tables a benchmark fills are never analyzed otherwise.
 * Without statistics, an import's read of its pilot's flights (`pilot_account_id = $1 and flight_id =
 * any($2)`) was planned as a parallel query once the flights table held about 2.3 million rows (its
 * sessions sampled waiting on their workers, IPC:ExecuteGather), and the imports ran at a fifth of
 * their rate from then on; analyzed, the same read is a look-up of the primary key (0.2 to 0.4 ms for
 * 1,000 ids).
 */
export async function analyzeDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
