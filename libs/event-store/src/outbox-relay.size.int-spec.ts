import { randomUUID } from 'node:crypto';
import { logbookStreamId } from '@pft/contracts';
import { createKafka } from '@pft/platform';
import { KAFKA_CLIENTS } from '@pft/platform/kafka/kafka.port';
import { sharedPayloadSealing } from '@pft/privacy';
import { collectPublished, relayGround, storedFlight, TEST_KAFKA_BROKERS, waitFor } from '@pft/testing';
import { appendEvents } from './event-store';
import { OutboxRelay } from './outbox-relay';

const EVENTS = 500;

/**
 * A batch is bounded by its events' bytes as well as their number: one pilot's import puts a whole
 * batch on one partition, and a partition's share of a request over the topic's max.message.bytes
 * (1 MB by default) is refused by the broker, at every retry.
 */
describe.each(KAFKA_CLIENTS)('outbox relay on %s: batches of large events (Postgres + Kafka)', (client) => {
  const ground = relayGround('relay-size', { partitions: 3 });
  const relayKafka = createKafka(TEST_KAFKA_BROKERS, 'relay-size-test', undefined, undefined, client);

  it('publishes 500 flights of one pilot with the longest remarks, in order, at the default batch size', async () => {
    const { db, ds, kafka, topic } = ground;
    const pilot = randomUUID();
    // The longest remarks the schema takes, in letters of two bytes each: some 2.5 KB per sealed event.
    const remarks = 'ж'.repeat(500);
    await ds.transaction((m) =>
      appendEvents(
        m,
        logbookStreamId(pilot),
        'any',
        Array.from({ length: EVENTS }, () => ({
          type: 'FlightRecorded' as const,
          payload: { pilot_account_id: pilot, flight: storedFlight({ remarks }) },
        })),
        { request_id: `req_${randomUUID()}` },
        { sealer: sharedPayloadSealing() },
      ),
    );
    const warnings: string[] = [];
    const relay = new OutboxRelay({
      databaseUrl: db.url,
      kafka: relayKafka,
      topic,
      logger: { log: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    });
    const { messages, consumer } = await collectPublished(kafka, topic);
    relay.start();
    try {
      await waitFor(
        () => (messages.length >= EVENTS ? true : undefined),
        30_000,
        'every event on the topic',
      ).catch((err: Error) => {
        throw new Error(
          `${err.message}; ${messages.length} there, the relay said: ${warnings.slice(0, 2).join(' | ')}`,
        );
      });
      expect(messages.map((m) => m.stream_version)).toEqual(messages.map((_, i) => i + 1));
      const [{ n }] = await ds.query('select count(*)::int as n from event_outbox');
      expect(n).toBe(0);
    } finally {
      await consumer.disconnect();
      await relay.stop();
    }
  });
});
