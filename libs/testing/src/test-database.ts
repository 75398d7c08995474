import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { createDataSource, splitDatabaseUrl } from '@pft/platform';
import { MIGRATIONS } from '@pft/schema';

/** The server the tests use; each test file gets a database of its own on it. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pilot_totals_test';

export interface TestDatabase {
  /** URL of the new database, migrated unless asked otherwise. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: splitDatabaseUrl(TEST_DATABASE_URL).adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file, so files can run side by side and leave nothing behind.
 * `migrate: false` leaves it empty (for testing the migrations themselves).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `pft_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const result: TestDatabase = {
    url: url.toString(),
    name,
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
  if (options.migrate !== false) {
    const dataSource = await createDataSource(result.url, 1, MIGRATIONS).initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.destroy();
    }
  }
  return result;
}

/**
 * A test file's own migrated database and a data source of `poolSize` connections on it, made before
 * the file's tests (the data source handed to `made`) and closed and dropped after them.
 */
export function withTestDataSource(poolSize: number, made: (ds: DataSource) => void): void {
  let db: TestDatabase | undefined;
  let ds: DataSource | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, poolSize).initialize();
    made(ds);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });
}
