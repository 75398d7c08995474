import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@pft/platform';
import { dropStalledConnections } from '@pft/platform/database/stalled-connections';
import { TcpProxy } from './tcp-proxy';
import { createTestDatabase } from './test-database';
import { suiteOf } from './test-suite';

/**
 * A test database of its own reached through a TcpProxy the test controls (to lose a connection right
 * after a statement was sent), a DataSource on it built as the apps build theirs (short timeouts,
 * stalled connections dropped), and a client that reaches the database directly, past the proxy.
 */
export interface ProxiedDataSource {
  proxy: TcpProxy;
  ds: DataSource;
  sql: Client;
  close(): Promise<void>;
}

export async function startProxiedDataSource(): Promise<ProxiedDataSource> {
  const db = await createTestDatabase();
  const proxy = await TcpProxy.start(db.url);
  const options = dataSourceOptions(proxy.rewrite(db.url), 4, { connectMs: 1000, queryMs: 500 });
  const ds = await new DataSource(options).initialize();
  dropStalledConnections(ds);
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  return {
    proxy,
    ds,
    sql,
    close: async () => {
      await ds.destroy();
      await sql.end();
      await proxy.close();
      await db.drop();
    },
  };
}

/**
 * A proxied data source for the tests of the `describe` this is called in: started before the first, the
 * proxy restored after each, closed after the last. The object is filled in before the first test runs.
 */
export function proxiedDataSourceSuite(): ProxiedDataSource {
  const suite = suiteOf(startProxiedDataSource, (made) => made.close());
  afterEach(() => suite.proxy.restore());
  return suite;
}

/** Sessions of `sql`'s database, other than its own, still inside a transaction: a lost one would hold its locks. */
export async function openTransactions(sql: Client): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
  );
  return rows[0]!.n;
}
