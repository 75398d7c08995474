import { randomUUID } from 'node:crypto';
import { createKafka } from '@pft/platform';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { appendFlightDeletions, relayGround, TEST_KAFKA_BROKERS, waitFor } from '@pft/testing';
import { OutboxRelay } from './outbox-relay';
import { RECONCILE_READ_MESSAGES } from './outbox-reconcile';

const EARLIER = 30_000;
const IN_FLIGHT = 10;

/** The Kafka client as it is, except that `largest` holds the most messages one read of the topic returned. */
function countingReads(kafka: KafkaClient, largest: { messages: number }): KafkaClient {
  return {
    producer: (options) => kafka.producer(options),
    consumer: (options) => kafka.consumer(options),
    admin: () => kafka.admin(),
    readPartitions: async (topic, ranges, options) => {
      const read = await kafka.readPartitions(topic, ranges, options);
      largest.messages = Math.max(largest.messages, read.length);
      return read;
    },
  };
}

/**
 * Rows in flight are looked for on the topic from a minute before their mark: under load that is
 * every event the relay published in that minute. The topic is read back a slice at a time, keeping
 * only the events looked for, not the whole minute in the relay's memory at once (nor in one read
 * that must end within its timeout).
 */
describe('outbox relay: rows in flight after a busy minute (Postgres + Kafka)', () => {
  const ground = relayGround('relay-reconcile', { partitions: 3 });
  const kafka = createKafka(TEST_KAFKA_BROKERS, 'relay-reconcile-test', undefined, undefined, 'platformatic');

  it('looks for them a slice of the topic at a time, and publishes each once', async () => {
    const { db, ds, topic } = ground;
    const relayOn = (client: KafkaClient): OutboxRelay =>
      new OutboxRelay({ databaseUrl: db.url, kafka: client, topic, batchSize: 5000, pollIntervalMs: 50 });
    const pilots = Array.from({ length: 30 }, () => randomUUID());
    for (const pilot of pilots) await ds.transaction((m) => appendFlightDeletions(m, pilot, EARLIER / 30));
    const first = relayOn(kafka);
    first.start();
    const outbox = async (): Promise<number> =>
      (await ds.query<{ n: number }[]>('select count(*)::int as n from event_outbox'))[0]!.n;
    try {
      await waitFor(
        async () => ((await outbox()) === 0 ? true : undefined),
        60_000,
        'the earlier events published',
      );
    } finally {
      await first.stop();
    }
    // A send that failed: the rows stay marked in flight by a relay whose lease has passed.
    const appended = await ds.transaction((m) => appendFlightDeletions(m, randomUUID(), IN_FLIGHT));
    await ds.query(`update event_outbox set sent_token = 0, sent_at = now()`);

    const largest = { messages: 0 };
    const second = relayOn(countingReads(kafka, largest));
    second.start();
    try {
      await waitFor(
        async () => ((await outbox()) === 0 ? true : undefined),
        60_000,
        'the rows in flight published',
      );
    } finally {
      await second.stop();
    }
    expect(largest.messages).toBeGreaterThan(0);
    expect(largest.messages).toBeLessThanOrEqual(RECONCILE_READ_MESSAGES);

    const admin = kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
    const all = await kafka.readPartitions(
      topic,
      ends.map((e) => ({ partition: e.partition, from: e.low, to: e.high })),
      { timeoutMs: 60_000 },
    );
    expect(all).toHaveLength(EARLIER + IN_FLIGHT);
    const ids = new Set(all.map((m) => m.headers.event_id));
    for (const e of appended.events) expect(ids.has(e.event_id)).toBe(true);
  });
});
