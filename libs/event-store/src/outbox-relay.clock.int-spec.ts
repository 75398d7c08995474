import { randomUUID } from 'node:crypto';
import { KAFKA_CLIENTS, type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { createDataSource, createKafka } from '@pft/platform';
import {
  appendFlightDeletions,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  outboxEmptied,
  TEST_KAFKA_BROKERS,
  topicMessages,
  withProducerSend,
} from '@pft/testing';
import { OutboxRelay } from './outbox-relay';
import { eventIdOf } from './outbox-reconcile';

/** How far behind the database's clock the relay's host is: more than the look's margin. */
const BEHIND_MS = 90_000;

/**
 * The Kafka client as a host whose clock is `behindMs` behind would use it: a message sent without a
 * time is stamped with that clock, as the client library stamps it with its host's. The first send's
 * acknowledgement is lost: the broker wrote the batch, the relay hears of a failure.
 */
function onHostBehind(kafka: KafkaClient, behindMs: number): KafkaClient {
  let sends = 0;
  return withProducerSend(kafka, async (record, sendOn) => {
    const messages = record.messages.map((m) => ({
      ...m,
      timestamp: m.timestamp ?? Date.now() - behindMs,
    }));
    await sendOn({ ...record, messages });
    if ((sends += 1) === 1) throw new Error('the connection to the broker was lost before its answer');
  });
}

/**
 * Rows left in flight are looked for on the topic from their mark, on the database's clock. The relay
 * stamps each message with that mark, so a relay on a host whose clock is behind the database's finds
 * what it sent, however far behind: each event is published once.
 */
describe.each(KAFKA_CLIENTS)(
  'outbox relay on %s, its host clock behind the database (Postgres + Kafka)',
  (client) => {
    it('finds a batch whose acknowledgement was lost on the topic, and publishes each event once', async () => {
      const db = await createTestDatabase();
      const ds = await createDataSource(db.url, 2).initialize();
      const kafka = createKafka(TEST_KAFKA_BROKERS, 'relay-clock-test', undefined, undefined, client);
      const topic = await createTestTopic(kafka, 'relay-clock', 3);
      let alreadyPublished = 0;
      const relay = new OutboxRelay({
        databaseUrl: db.url,
        kafka: onHostBehind(kafka, BEHIND_MS),
        topic,
        pollIntervalMs: 50,
        onAlreadyPublished: (count) => (alreadyPublished += count),
      });
      try {
        const appended = await ds.transaction((m) => appendFlightDeletions(m, randomUUID(), 12));
        const written = appended.events.map((e) => e.event_id);
        relay.start();
        await outboxEmptied(ds, 60_000, 'an empty outbox');
        await relay.stop();

        const onTopic = (await topicMessages(kafka, topic)).map(eventIdOf);
        expect([...onTopic].sort()).toEqual([...written].sort());
        expect(alreadyPublished).toBe(written.length);
      } finally {
        await relay.stop();
        await ds.destroy();
        await db.drop();
        await deleteTestTopics(kafka, [topic]).catch(() => undefined);
      }
    });
  },
);
