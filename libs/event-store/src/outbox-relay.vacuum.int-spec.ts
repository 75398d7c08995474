import { randomUUID } from 'node:crypto';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform';
import {
  appendFlightDeletions,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  testKafka,
  waitFor,
  type TestDatabase,
} from '@pft/testing';
import { OutboxRelay } from './outbox-relay';

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
  let db: TestDatabase;
  let ds: DataSource;
  let kafka: KafkaClient;
  let topic: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, 2).initialize();
    kafka = testKafka('relay-vacuum-test');
    topic = await createTestTopic(kafka, 'relay-vacuum', 3);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
    await deleteTestTopics(kafka, [topic]);
  });

  it('every so many deleted rows, and never when told not to', async () => {
    const options = { databaseUrl: db.url, kafka, topic, batchSize: 200, pollIntervalMs: 20 };
    const before = await outboxHousekeeping(ds);

    await relayed(ds, new OutboxRelay({ ...options, vacuumEveryRows: 0 }), 1_000);
    await waitFor(async () => ((await outboxHousekeeping(ds)).dead > 0 ? true : undefined), 10_000, 'stats');
    expect((await outboxHousekeeping(ds)).vacuums).toBe(before.vacuums);

    await relayed(ds, new OutboxRelay({ ...options, vacuumEveryRows: 500 }), 1_200);
    // Vacuums run in the background; stop() waited for the one running.
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
});
