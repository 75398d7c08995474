import { createHash, randomBytes } from 'node:crypto';
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

const urlOf = (name: string): string => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function migrate(url: string): Promise<void> {
  const dataSource = await createDataSource(url, 1, MIGRATIONS).initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

/** Whoever makes the migrated template holds this advisory lock: one maker at a time, the others wait. */
const TEMPLATE_LOCK = 7_340_021;

let template: Promise<string> | undefined;

/**
 * The migrated database each test database is copied from, made once per set of migrations (named by
 * the hash of their code, so a changed migration makes a template of its own) by the first process
 * that asks, under TEMPLATE_LOCK: copying it takes about half the time of running every migration on
 * a new database. It is built under another name and renamed when complete, so a maker that died
 * half-way leaves no template behind, only a database the next maker drops.
 */
function migratedTemplate(): Promise<string> {
  const code = MIGRATIONS.map((m) => `${m.name}\n${m.toString()}`).join('\n');
  const name = `pft_test_template_${createHash('sha256').update(code).digest('hex').slice(0, 16)}`;
  return (template ??= admin(async (c) => {
    await c.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await c.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_making`;
        await c.query(`drop database if exists ${building} with (force)`);
        await c.query(`create database ${building}`);
        await migrate(urlOf(building));
        await c.query(`alter database ${building} rename to ${name}`);
      }
      return name;
    } finally {
      await c.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  }).catch((err: unknown) => {
    template = undefined;
    throw err;
  }));
}

/**
 * A fresh database for one test file, so files can run side by side and leave nothing behind: a copy
 * of the migrated template (migratedTemplate). `migrate: false` makes it empty (for testing the
 * migrations themselves).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `pft_test_${randomBytes(6).toString('hex')}`;
  const from = options.migrate === false ? '' : ` template ${await migratedTemplate()}`;
  await admin((c) => c.query(`create database ${name}${from}`));
  return {
    url: urlOf(name),
    name,
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
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
