import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

export interface DatabaseTimeouts {
  /** Waiting for a connection, new or from the pool. */
  connectMs: number;
  /** Waiting for a statement's answer; 0 for no limit. */
  queryMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, queryMs: 0 };

export function dataSourceOptions(
  url: string,
  poolSize = 10,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'schema_migrations',
    migrations: MIGRATIONS,
    entities: [],
    extra: {
      max: poolSize,
      connectionTimeoutMillis: timeouts.connectMs,
      ...(timeouts.queryMs > 0 ? { query_timeout: timeouts.queryMs } : {}),
    },
  };
}

export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource(dataSourceOptions(url, poolSize));
}

/** The database name of a postgres URL, and a URL to the server's maintenance database. */
export function splitDatabaseUrl(url: string): { database: string; adminUrl: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  parsed.pathname = '/postgres';
  return { database, adminUrl: parsed.toString() };
}
