import { randomUUID } from 'node:crypto';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { Client } from 'pg';
import { logbookStreamId } from '@pft/contracts';
import { createDataSource } from '@pft/platform';
import {
  appendFlightDeletions,
  collectPublished,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  TcpProxy,
  testKafka,
  versionsByStream,
  waitFor,
  type TestDatabase,
} from '@pft/testing';
import { OutboxRelay } from './outbox-relay';
import { relayConnectionConfig } from './outbox-relay.options';

describe('outbox relay: its connection to Postgres (Postgres + Kafka)', () => {
  let db: TestDatabase;
  let kafka: KafkaClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    kafka = testKafka('relay-test');
  });
  afterAll(async () => {
    await db.drop();
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
    const { messages, consumer } = await collectPublished(kafka, stallTopic);
    const pilot = randomUUID();
    const append = (count: number) => writes.transaction((m) => appendFlightDeletions(m, pilot, count));
    try {
      relay.start();
      await append(10);
      await waitFor(() => (messages.length >= 10 ? true : undefined), 30_000, 'the first events');

      // The relay's connection goes silent for good (it stays open); new connections work.
      proxy.strand();
      await append(10);
      // It gives the silent connection up (and with it the lead) instead of waiting on it.
      await waitFor(() => (relay.isLeader ? undefined : true), 30_000, 'the relay to let go');
      // Connected again, it takes its own lease anew (a new token) without waiting for it to expire.
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

  it("asks Postgres to notice a vanished relay's session within seconds, so its backend is freed", async () => {
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
