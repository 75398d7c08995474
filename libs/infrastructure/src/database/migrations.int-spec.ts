import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { createDataSource } from './data-source';
import { MIGRATIONS } from './migrations';

async function tables(url: string): Promise<string[]> {
  const dataSource = await createDataSource(url, 1).initialize();
  try {
    const rows: { table_name: string }[] = await dataSource.query(
      `select table_name from information_schema.tables where table_schema = 'public' and table_name <> 'schema_migrations' order by 1`,
    );
    return rows.map((r) => r.table_name);
  } finally {
    await dataSource.destroy();
  }
}

describe('migrations (real Postgres)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await db.drop();
  });

  it('apply to a fresh database, roll back to nothing, and apply again', async () => {
    const dataSource = await createDataSource(db.url, 1).initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      expect(applied.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => new m().name));
      const migrated = await tables(db.url);
      expect(migrated).toEqual(expect.arrayContaining(['events', 'event_outbox', 'flights', 'connections']));

      expect(await dataSource.runMigrations({ transaction: 'each' })).toEqual([]);

      for (let i = 0; i < MIGRATIONS.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
      expect(await tables(db.url)).toEqual([]);

      const again = await dataSource.runMigrations({ transaction: 'each' });
      expect(again).toHaveLength(MIGRATIONS.length);
      expect(await tables(db.url)).toEqual(migrated);
    } finally {
      await dataSource.destroy();
    }
  });

  it('gives the active view of an existing database its stream and projection version columns, and takes them back', async () => {
    const other = await createTestDatabase({ migrate: false });
    const dataSource = await createDataSource(other.url, 1).initialize();
    const viewColumns = async (): Promise<string[]> =>
      (
        await dataSource.query<{ column_name: string }[]>(
          `select column_name from information_schema.columns where table_name = 'pilot_totals_active' order by ordinal_position`,
        )
      ).map((r) => r.column_name);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      const columns = await viewColumns();
      expect(columns.slice(-4)).toEqual([
        'last_updated',
        'rating_breakdown',
        'stream_version',
        'projection_version',
      ]);
      await dataSource.undoLastMigration({ transaction: 'each' });
      expect(await viewColumns()).toEqual(columns.slice(0, -2));
      await dataSource.runMigrations({ transaction: 'each' });
      expect(await viewColumns()).toEqual(columns);
    } finally {
      await dataSource.destroy();
      await other.drop();
    }
  });
});
