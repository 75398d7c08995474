import { randomUUID } from 'node:crypto';
import { createKafka } from '@pft/platform';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import {
  appendFlightDeletions,
  relayGround,
  relayUntilEmpty,
  TEST_KAFKA_BROKERS,
  topicMessages,
} from '@pft/testing';
import { OutboxRelay } from './outbox-relay';
import { RECONCILE_MARGIN_MS, RECONCILE_READ_MESSAGES } from './outbox-reconcile';

const EARLIER = 30_000;
const IN_FLIGHT = 10;
/** How long before the mark of the rows in flight the earlier events were published. */
const PUBLISHED_BEFORE_MS = 6_000;

/**
 * The Kafka client as it is, except that `reads` holds the most messages one read of the topic returned
 * and how many all its reads returned.
 */
function countingReads(kafka: KafkaClient, reads: { largest: number; total: number }): KafkaClient {
  return {
    producer: (options) => kafka.producer(options),
    consumer: (options) => kafka.consumer(options),
    admin: () => kafka.admin(),
    readPartitions: async (topic, ranges, options) => {
      const read = await kafka.readPartitions(topic, ranges, options);
      reads.largest = Math.max(reads.largest, read.length);
      reads.total += read.length;
      return read;
    },
  };
}

/**
 * Rows in flight are looked for on the topic from their mark less a margin: under load, when one is
 * not there, that is every event the relay published in it. The topic is read back a slice at a time,
 * keeping only the events looked for, not the whole span in the relay's memory at once (nor in one
 * read that must end within its timeout); here the margin is a minute, as it was when the relay's
 * messages carried its host's clock.
 */
describe('outbox relay: rows in flight after a busy minute (Postgres + Kafka)', () => {
  const ground = relayGround('relay-reconcile', { partitions: 3 });
  const kafka = createKafka(TEST_KAFKA_BROKERS, 'relay-reconcile-test', undefined, undefined, 'platformatic');

  it('looks for them a slice of the topic at a time, and publishes each once', async () => {
    const { db, ds, topic } = ground;
    const relayOn = (client: KafkaClient): OutboxRelay =>
      new OutboxRelay({
        databaseUrl: db.url,
        kafka: client,
        topic,
        batchSize: 5000,
        pollIntervalMs: 50,
        reconcileMarginMs: 60_000,
      });
    const pilots = Array.from({ length: 30 }, () => randomUUID());
    for (const pilot of pilots) await ds.transaction((m) => appendFlightDeletions(m, pilot, EARLIER / 30));
    await relayUntilEmpty(relayOn(kafka), ds, 'the earlier events published');
    // A send that failed: the rows stay marked in flight by a relay whose lease has passed.
    const appended = await ds.transaction((m) => appendFlightDeletions(m, randomUUID(), IN_FLIGHT));
    await ds.query(`update event_outbox set sent_token = 0, sent_at = now()`);

    const reads = { largest: 0, total: 0 };
    await relayUntilEmpty(relayOn(countingReads(kafka, reads)), ds, 'the rows in flight published');
    expect(reads.largest).toBeGreaterThan(0);
    expect(reads.largest).toBeLessThanOrEqual(RECONCILE_READ_MESSAGES);

    const all = await topicMessages(kafka, topic, { timeoutMs: 60_000 });
    expect(all).toHaveLength(EARLIER + IN_FLIGHT);
    const ids = new Set(all.map((m) => m.headers.event_id));
    for (const e of appended.events) expect(ids.has(e.event_id)).toBe(true);
  });
});

/**
 * The relay's messages carry their mark's time, so rows in flight are looked for from their mark less
 * only RECONCILE_MARGIN_MS: what the relay published before that is not read back again.
 */
describe('outbox relay: rows in flight not on the topic (Postgres + Kafka)', () => {
  const ground = relayGround('relay-reconcile-span', { partitions: 3 });
  const kafka = createKafka(TEST_KAFKA_BROKERS, 'relay-reconcile-test', undefined, undefined, 'platformatic');

  it('reads back what was published from the margin before their mark on, not the minute before it', async () => {
    const { db, ds, topic } = ground;
    const relayOn = (client: KafkaClient): OutboxRelay =>
      new OutboxRelay({ databaseUrl: db.url, kafka: client, topic, pollIntervalMs: 50 });
    await ds.transaction((m) => appendFlightDeletions(m, randomUUID(), 300));
    await relayUntilEmpty(relayOn(kafka), ds, 'the events published');
    // Past the margin, well within the minute a look once went back.
    await new Promise((r) => setTimeout(r, PUBLISHED_BEFORE_MS));
    // A send that failed: the rows stay marked in flight, and are not on the topic.
    await ds.transaction((m) => appendFlightDeletions(m, randomUUID(), IN_FLIGHT));
    await ds.query(`update event_outbox set sent_token = 0, sent_at = now()`);

    const reads = { largest: 0, total: 0 };
    await relayUntilEmpty(relayOn(countingReads(kafka, reads)), ds, 'the rows in flight published');
    expect(reads.total).toBe(0);
    expect(RECONCILE_MARGIN_MS).toBeLessThan(PUBLISHED_BEFORE_MS);
    expect(await topicMessages(kafka, topic, { timeoutMs: 60_000 })).toHaveLength(300 + IN_FLIGHT);
  });
});
