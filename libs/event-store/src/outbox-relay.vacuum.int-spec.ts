import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { splitDatabaseUrl } from '@pft/platform';
import {
  appendFlightDeletions,
  createTestDatabase,
  relayGround,
  waitFor,
  type TestDatabase,
} from '@pft/testing';
import { OutboxRelay } from './outbox-relay';
import { OutboxVacuum } from './outbox-vacuum';

/** The outbox's manual vacuums so far, and its dead row versions. */
async function outboxHousekeeping(ds: DataSource): Promise<{ vacuums: number; dead: number }> {
  const [row] = await ds.query<{ vacuums: number; dead: number }[]>(
    `select vacuum_count::int as vacuums, n_dead_tup::int as dead
       from pg_stat_user_tables where relname = 'event_outbox'`,
  );
  return row!;
}

/** Appends `events` events and waits until a relay has emptied the outbox. */
async function relayed(ds: DataSource, relay: OutboxRelay, events: number): Promise<void> {
  relay.start();
  try {
    for (let left = events; left > 0; left -= 100) {
      await ds.transaction((m) => appendFlightDeletions(m, randomUUID(), Math.min(left, 100)));
    }
    await waitFor(
      async () => ((await ds.query('select 1 from event_outbox limit 1')).length === 0 ? true : undefined),
      60_000,
      'the outbox emptied',
    );
  } finally {
    await relay.stop();
  }
}

describe('outbox relay: vacuums the outbox it empties (Postgres + Kafka)', () => {
  const ground = relayGround('relay-vacuum');

  it('every so many deleted rows, and never when told not to', async () => {
    const { db, ds, kafka, topic } = ground;
    const options = { databaseUrl: db.url, kafka, topic, batchSize: 200, pollIntervalMs: 20 };
    const before = await outboxHousekeeping(ds);

    await relayed(ds, new OutboxRelay({ ...options, vacuumEveryRows: 0 }), 1_000);
    await waitFor(async () => ((await outboxHousekeeping(ds)).dead > 0 ? true : undefined), 10_000, 'stats');
    expect((await outboxHousekeeping(ds)).vacuums).toBe(before.vacuums);

    await relayed(ds, new OutboxRelay({ ...options, vacuumEveryRows: 500 }), 1_200);
    // Vacuums run in the background: the last may still be counted after stop().
    const after = await waitFor(
      async () => {
        const now = await outboxHousekeeping(ds);
        return now.vacuums > before.vacuums ? now : undefined;
      },
      10_000,
      'the vacuums counted',
    );
    // At most one per 500 rows deleted (one is skipped while the last still runs), not one per batch.
    expect(after.vacuums - before.vacuums).toBeGreaterThanOrEqual(1);
    expect(after.vacuums - before.vacuums).toBeLessThanOrEqual(2);
  });

  it('a relay stopping does not wait for a vacuum under way', async () => {
    const { db, ds, kafka, topic } = ground;
    // A vacuum waits for this lock, as a long one would run: the relay's batches do not.
    const locker = new Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table event_outbox in share update exclusive mode');
    try {
      const relay = new OutboxRelay({
        databaseUrl: db.url,
        kafka,
        topic,
        batchSize: 100,
        pollIntervalMs: 20,
        vacuumEveryRows: 100,
      });
      const waiting = async (): Promise<number> =>
        Number(
          (
            await ds.query<{ n: string }[]>(
              "select count(*) as n from pg_stat_activity where query = 'vacuum event_outbox' and wait_event_type = 'Lock'",
            )
          )[0]!.n,
        );
      relay.start();
      try {
        for (let i = 0; i < 3; i++) {
          await ds.transaction((m) => appendFlightDeletions(m, randomUUID(), 100));
        }
        await waitFor(async () => ((await waiting()) > 0 ? true : undefined), 20_000, 'a vacuum waiting');
      } finally {
        // Had it waited for the vacuum, this would never return: the lock is let go only below.
        await relay.stop();
      }
      // Stopped, with the vacuum still under way (Postgres finishes it once the lock is free).
      expect(await waiting()).toBe(1);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
  });
});

describe('outbox vacuum by a database user that does not own the outbox (Postgres)', () => {
  // A role of the server's, made and dropped by this test alone.
  const role = `pft_test_vacuum_${randomBytes(4).toString('hex')}`;
  let db: TestDatabase;
  let owner: Client;
  let server: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = new Client({ connectionString: splitDatabaseUrl(db.url).adminUrl });
    await server.connect();
    await server.query(`create role ${role} login`);
    owner = new Client({ connectionString: db.url });
    await owner.connect();
  });
  afterAll(async () => {
    await owner.end();
    await db.drop();
    // Its only grant was in the database just dropped.
    await server.query(`drop role if exists ${role}`).finally(() => server.end());
  });

  it('is refused by Postgres, said once, and not tried again', async () => {
    const url = new URL(db.url);
    url.username = role;
    const warnings: string[] = [];
    const logger = { log: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined };
    const vacuum = new OutboxVacuum({ connectionString: url.toString() }, 10, logger);
    vacuum.deleted(10);
    await waitFor(() => (warnings.length > 0 ? true : undefined), 10_000, 'the refusal said');
    vacuum.deleted(10);
    vacuum.deleted(10);
    await vacuum.stop();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^relay: cannot vacuum the outbox \(.*\); leaving it to autovacuum$/);
    const { rows } = await owner.query<{ vacuums: number }>(
      "select vacuum_count::int as vacuums from pg_stat_user_tables where relname = 'event_outbox'",
    );
    expect(rows[0]?.vacuums).toBe(0);
  });
});
