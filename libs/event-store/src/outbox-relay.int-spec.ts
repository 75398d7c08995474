import { randomUUID } from 'node:crypto';
import { type EventConsumer, type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { Client } from 'pg';
import { type DataSource, type EntityManager } from 'typeorm';
import { decodeEventMessage, logbookStreamId, type EventMessage } from '@pft/contracts';
import { createDataSource } from '@pft/platform';
import {
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  TcpProxy,
  testKafka,
  waitFor,
  type TestDatabase,
} from '@pft/testing';
import { appendEvents } from './event-store';
import { OutboxRelay, relayConnectionConfig } from './outbox-relay';

const PILOTS = 50;
const EVENTS = 5000;
const WRITERS = 8;

/** Collects every message of `topic` from the start, decoded. */
async function collect(
  kafka: KafkaClient,
  topic: string,
): Promise<{ messages: EventMessage[]; consumer: EventConsumer }> {
  const messages: EventMessage[] = [];
  const consumer = kafka.consumer({ groupId: `test-${randomUUID()}`, maxWaitTimeMs: 50 });
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await consumer.run({
    eachMessage: ({ message }) => {
      const decoded = decodeEventMessage(message.value);
      if (!decoded.ok) throw new Error(decoded.reason);
      if (message.key?.toString() !== decoded.message.pilot_account_id)
        throw new Error('key is not the pilot');
      messages.push(decoded.message);
      return Promise.resolve();
    },
  });
  return { messages, consumer };
}

/** Appends `count` events (flight deletions) to a pilot's logbook stream. */
function appendDeletions(m: EntityManager, pilot: string, count: number): Promise<unknown> {
  return appendEvents(
    m,
    logbookStreamId(pilot),
    'any',
    Array.from({ length: count }, () => ({
      type: 'FlightDeleted' as const,
      payload: { pilot_account_id: pilot, flight_id: randomUUID() },
    })),
    { request_id: `req_${randomUUID()}` },
  );
}

/** Each stream's versions in the order they arrived, first arrivals only. */
function versionsByStream(messages: EventMessage[]): Map<string, number[]> {
  const seen = new Set<string>();
  const byStream = new Map<string, number[]>();
  for (const m of messages) {
    if (seen.has(m.event_id)) continue;
    seen.add(m.event_id);
    byStream.set(m.stream_id, [...(byStream.get(m.stream_id) ?? []), m.stream_version]);
  }
  return byStream;
}

describe('outbox relay (Postgres + Kafka)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let kafka: KafkaClient;
  let topic: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, WRITERS + 2).initialize();
    kafka = testKafka('relay-test');
    topic = await createTestTopic(kafka, 'relay', 6);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
    await deleteTestTopics(kafka, [topic]);
  });

  it('publishes every event of 8 concurrent writers once, each pilot in order, while they write', async () => {
    const pilots = Array.from({ length: PILOTS }, () => randomUUID());
    const relay = new OutboxRelay({ databaseUrl: db.url, kafka, topic, batchSize: 200, pollIntervalMs: 50 });
    relay.start();
    const { messages, consumer } = await collect(kafka, topic);
    try {
      let remaining = EVENTS;
      const writer = async (): Promise<void> => {
        while (remaining > 0) {
          const count = Math.min(remaining, 1 + Math.floor(Math.random() * 9));
          remaining -= count;
          const pilot = pilots[Math.floor(Math.random() * PILOTS)]!;
          await ds.transaction(async (m) => {
            await appendDeletions(m, pilot, count);
            // Holding some transactions open makes smaller positions commit after larger ones.
            if (Math.random() < 0.2) await new Promise((r) => setTimeout(r, Math.random() * 5));
          });
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      await waitFor(() => (messages.length >= EVENTS ? true : undefined), 60_000, 'every event on the topic');
      await new Promise((r) => setTimeout(r, 300));

      const stored: { event_id: string }[] = await ds.query('select event_id::text from events');
      expect(stored).toHaveLength(EVENTS);
      const ids = messages.map((m) => m.event_id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(stored.map((s) => s.event_id)));
      for (const [, versions] of versionsByStream(messages)) {
        expect(versions).toEqual(versions.map((_, i) => i + 1));
      }
      const [{ n }] = await ds.query('select count(*)::int as n from event_outbox');
      expect(n).toBe(0);

      // Each message is its event as stored, every field.
      const events: (Omit<EventMessage, 'occurred_at' | 'pilot_account_id'> & { occurred_at: Date })[] =
        await ds.query(
          `select event_id::text as event_id, type, schema_version as version, stream_id, stream_version,
                  position::text as position, occurred_at, payload, metadata
             from events order by position`,
        );
      const published = new Map(messages.map((m) => [m.event_id, m]));
      expect(events.map((e) => published.get(e.event_id))).toEqual(
        events.map((e) => ({
          ...e,
          pilot_account_id: (e.payload as { pilot_account_id: string }).pilot_account_id,
          occurred_at: e.occurred_at.toISOString(),
        })),
      );
    } finally {
      await consumer.disconnect();
      await relay.stop();
    }
  });

  it('lets only one relay publish at a time; the other takes over when it stops', async () => {
    const first = new OutboxRelay({ databaseUrl: db.url, kafka, topic, pollIntervalMs: 50 });
    const second = new OutboxRelay({ databaseUrl: db.url, kafka, topic, pollIntervalMs: 50 });
    first.start();
    await waitFor(() => (first.isLeader ? true : undefined), 10_000, 'the first relay to lead');
    second.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(second.isLeader).toBe(false);
    await first.stop();
    await waitFor(() => (second.isLeader ? true : undefined), 10_000, 'the second relay to take over');
    await second.stop();
  });

  it('drops a connection the database stopped answering on, and delivers every event once it is back', async () => {
    const own = await createTestDatabase();
    const proxy = await TcpProxy.start(own.url);
    const writes = await createDataSource(own.url, 2).initialize();
    const stallTopic = await createTestTopic(kafka, 'relay-stall', 3);
    const relay = new OutboxRelay({
      databaseUrl: proxy.rewrite(own.url),
      kafka,
      topic: stallTopic,
      pollIntervalMs: 50,
      queryTimeoutMs: 1000,
      connectTimeoutMs: 1000,
    });
    const { messages, consumer } = await collect(kafka, stallTopic);
    const pilot = randomUUID();
    const append = (count: number) => writes.transaction((m) => appendDeletions(m, pilot, count));
    try {
      relay.start();
      await append(10);
      await waitFor(() => (messages.length >= 10 ? true : undefined), 30_000, 'the first events');

      // The relay's connection goes silent for good (it stays open); new connections work.
      proxy.strand();
      await append(10);
      // It gives the silent connection up (and with it the lead) instead of waiting on it.
      await waitFor(() => (relay.isLeader ? undefined : true), 30_000, 'the relay to let go');
      // The stranded session still holds the relay lock in Postgres until that connection closes.
      await proxy.restore();
      await waitFor(() => (messages.length >= 20 ? true : undefined), 30_000, 'every event');
      await new Promise((r) => setTimeout(r, 300));

      const versions = versionsByStream(messages).get(logbookStreamId(pilot));
      expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(messages.map((m) => m.event_id)).size).toBe(20);
    } finally {
      await consumer.disconnect();
      await relay.stop();
      await proxy.close();
      await writes.destroy();
      await own.drop();
      await deleteTestTopics(kafka, [stallTopic]);
    }
  });

  it("asks Postgres to notice a vanished relay's session within seconds, so its lock is freed", async () => {
    const client = new Client(relayConnectionConfig({ databaseUrl: db.url }));
    await client.connect();
    try {
      const { rows } = await client.query<Record<string, string>>(
        `select current_setting('tcp_keepalives_idle') as idle,
                current_setting('tcp_keepalives_interval') as interval,
                current_setting('tcp_keepalives_count') as count`,
      );
      expect(rows[0]).toEqual({ idle: '10', interval: '5', count: '3' });
    } finally {
      await client.end();
    }
  });
});
