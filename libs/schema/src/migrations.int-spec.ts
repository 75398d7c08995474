import { type DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { createDataSource } from '@pft/platform/database/data-source';
import { randomUUID } from 'node:crypto';
import { RelayedEvents, storedFlight } from '@pft/testing';
import { flightRecorded } from '@pft/testing/oracle';
import { readPilotExperience, readPilotTotals } from '@pft/totals';
import { applyPilotTotalsBatch } from '@pft/totals/projection/pilot-totals.batch';
import { MIGRATIONS } from './migrations';

async function tables(url: string): Promise<string[]> {
  const dataSource = await createDataSource(url, 1, MIGRATIONS).initialize();
  try {
    const rows: { table_name: string }[] = await dataSource.query(
      `select table_name from information_schema.tables where table_schema = 'public' and table_name <> 'schema_migrations' order by 1`,
    );
    return rows.map((r) => r.table_name);
  } finally {
    await dataSource.destroy();
  }
}

/** Undoes the newest migrations, down to and including `name`. */
async function undoThrough(dataSource: DataSource, name: string): Promise<void> {
  const newestFirst = MIGRATIONS.map((m) => new m().name).reverse();
  for (const undone of newestFirst.slice(0, newestFirst.indexOf(name) + 1)) {
    await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await lastApplied(dataSource)).not.toBe(undone);
  }
}

async function lastApplied(dataSource: DataSource): Promise<string | undefined> {
  const rows: { name: string }[] = await dataSource.query(
    'select name from schema_migrations order by id desc limit 1',
  );
  return rows[0]?.name;
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
    const dataSource = await createDataSource(db.url, 1, MIGRATIONS).initialize();
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
    const dataSource = await createDataSource(other.url, 1, MIGRATIONS).initialize();
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
      await undoThrough(dataSource, 'ActiveViewVersions1763800400000');
      expect(await viewColumns()).toEqual(columns.slice(0, -2));
      await dataSource.runMigrations({ transaction: 'each' });
      expect(await viewColumns()).toEqual(columns);
    } finally {
      await dataSource.destroy();
      await other.drop();
    }
  });

  it('takes the foreign key off the outbox, and gives it back', async () => {
    const other = await createTestDatabase({ migrate: false });
    const dataSource = await createDataSource(other.url, 1, MIGRATIONS).initialize();
    const outboxKeys = async (): Promise<string[]> =>
      (
        await dataSource.query<{ conname: string }[]>(
          `select conname from pg_constraint where conrelid = 'event_outbox'::regclass and contype = 'f'`,
        )
      ).map((r) => r.conname);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      expect(await outboxKeys()).toEqual([]);
      await undoThrough(dataSource, 'OutboxWithoutForeignKey1763800600000');
      expect(await outboxKeys()).toEqual(['event_outbox_position_fkey']);
    } finally {
      await dataSource.destroy();
      await other.drop();
    }
  });

  it('gives a projection made before the experience its columns and tables; its rows have no experience until a rebuild', async () => {
    const other = await createTestDatabase({ migrate: false });
    const dataSource = await createDataSource(other.url, 1, MIGRATIONS).initialize();
    const pilot = randomUUID();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      await undoThrough(dataSource, 'PilotExperience1763806000000');
      // A pilot projected before: a row and a flight without the experience columns.
      await dataSource.query(
        `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, total_flight_time_minutes,
           flight_count, last_flight_date, updated_at)
         values ($1, 1, 0, 60, 1, '2026-05-01', now())`,
        [pilot],
      );
      await dataSource.runMigrations({ transaction: 'each' });
      const [row] = await dataSource.query<{ groups: unknown }[]>(
        `select experience_groups as groups from pilot_totals_v1 where pilot_account_id = $1`,
        [pilot],
      );
      expect(row?.groups).toBeNull();
      expect((await readPilotTotals(dataSource, [pilot])).get(pilot)?.totals.flight_count).toBe(1);
      expect(await readPilotExperience(dataSource, pilot, '2026-06-01')).toBeUndefined();
      // New events of that pilot count in the totals; its experience stays unknown, not partial.
      const relayed = new RelayedEvents();
      const recorded = () => flightRecorded(pilot, storedFlight());
      // Stream version 1 at offset 0: the row holds it already, a repeat.
      const first = await relayed.message(pilot, recorded(), 0);
      const second = await relayed.message(pilot, recorded(), 1);
      await dataSource.transaction((tx) =>
        applyPilotTotalsBatch(tx, { version: 1, topic: 't', partition: 0 }, [first, second]),
      );
      expect((await readPilotTotals(dataSource, [pilot])).get(pilot)?.totals.flight_count).toBe(2);
      expect(await readPilotExperience(dataSource, pilot, '2026-12-01')).toBeUndefined();
      const days = await dataSource.query<{ n: number }[]>(
        `select count(*)::int as n from pilot_experience_days_v1 where pilot_account_id = $1`,
        [pilot],
      );
      expect(days).toEqual([{ n: 0 }]);
    } finally {
      await dataSource.destroy();
      await other.drop();
    }
  });
});
