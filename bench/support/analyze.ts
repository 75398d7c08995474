import { Client } from 'pg';

/** ANALYZE the database at `url`, as autovacuum (off here) would between rounds (docs/performance.md). */
export async function analyzeDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
