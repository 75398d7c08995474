import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';

/** Migration classes, given only where the schema is migrated (the CLI, the tests' databases). */
export type Migrations = MixedList<string | (new () => unknown)>;

export interface DatabaseTimeouts {
  /** Waiting for a connection, new or from the pool. */
  connectMs: number;
  /**
   * How long a statement may take; 0 for no limit. Postgres cancels it past this (the connection
   * stays usable); the client gives up a little later still, for a database that has stopped
   * answering at all.
   */
  queryMs: number;
}

/** The client waits this much longer than Postgres's own statement limit before giving up. */
export const CLIENT_GRACE_MS = 1000;

const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, queryMs: 0 };

export function dataSourceOptions(
  url: string,
  poolSize = 10,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
  migrations: Migrations = [],
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'schema_migrations',
    migrations,
    entities: [],
    extra: {
      max: poolSize,
      connectionTimeoutMillis: timeouts.connectMs,
      ...(timeouts.queryMs > 0
        ? { statement_timeout: timeouts.queryMs, query_timeout: timeouts.queryMs + CLIENT_GRACE_MS }
        : {}),
    },
  };
}

export function createDataSource(url: string, poolSize = 10, migrations: Migrations = []): DataSource {
  return new DataSource(dataSourceOptions(url, poolSize, DEFAULT_TIMEOUTS, migrations));
}

/** The database name of a postgres URL, and a URL to the server's maintenance database. */
export function splitDatabaseUrl(url: string): { database: string; adminUrl: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  parsed.pathname = '/postgres';
  return { database, adminUrl: parsed.toString() };
}
