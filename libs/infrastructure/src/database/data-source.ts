import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'schema_migrations',
    migrations: MIGRATIONS,
    entities: [],
    extra: { max: poolSize, connectionTimeoutMillis: 5000 },
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
