/** What the outbox relay's tests write and read back: events in pilots' streams, the topic's messages. */
import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager } from 'typeorm';
import { decodeEventEnvelope, logbookStreamId, type EventMessage } from '@pft/contracts';
import { appendEvents, type AppendResult } from '@pft/event-store';
import { sharedPayloadSealing } from '@pft/privacy';
import {
  type EventConsumer,
  type KafkaClient,
  type SendRecord,
  type StoredMessage,
} from '@pft/platform/kafka/kafka.port';
import { waitFor } from './wait-for';

/**
 * Collects every message of `topic` from the start, decoded; a message not keyed by its pilot fails.
 * `arrivedAt` holds when each event first arrived (`performance.now()`), set as it is collected.
 */
export async function collectPublished(
  kafka: KafkaClient,
  topic: string,
): Promise<{ messages: EventMessage[]; arrivedAt: Map<string, number>; consumer: EventConsumer }> {
  const messages: EventMessage[] = [];
  const arrivedAt = new Map<string, number>();
  const consumer = kafka.consumer({ groupId: `test-${randomUUID()}`, maxWaitTimeMs: 50 });
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await consumer.run({
    eachMessage: ({ message }) => {
      const decoded = decodeEventEnvelope(message.value);
      if (!decoded.ok) throw new Error(decoded.reason);
      if (message.key?.toString() !== decoded.message.pilot_account_id)
        throw new Error('key is not the pilot');
      if (!arrivedAt.has(decoded.message.event_id))
        arrivedAt.set(decoded.message.event_id, performance.now());
      messages.push(decoded.message);
      return Promise.resolve();
    },
  });
  return { messages, arrivedAt, consumer };
}

/** Appends `count` events (flight deletions) to a pilot's logbook stream. */
export function appendFlightDeletions(m: EntityManager, pilot: string, count: number): Promise<AppendResult> {
  return appendEvents(
    m,
    logbookStreamId(pilot),
    'any',
    Array.from({ length: count }, () => ({
      type: 'FlightDeleted' as const,
      payload: { pilot_account_id: pilot, flight_id: randomUUID() },
    })),
    { request_id: `req_${randomUUID()}` },
    { sealer: sharedPayloadSealing() },
  );
}

/** Each stream's versions in the order they arrived, first arrivals only. */
export function versionsByStream(messages: EventMessage[]): Map<string, number[]> {
  const seen = new Set<string>();
  const byStream = new Map<string, number[]>();
  for (const m of messages) {
    if (seen.has(m.event_id)) continue;
    seen.add(m.event_id);
    byStream.set(m.stream_id, [...(byStream.get(m.stream_id) ?? []), m.stream_version]);
  }
  return byStream;
}

/** Every message of `topic`, read back by offset from the first to the end (within `timeoutMs`, 30 s unless told). */
export async function topicMessages(
  kafka: KafkaClient,
  topic: string,
  options?: { timeoutMs?: number },
): Promise<StoredMessage[]> {
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
  return kafka.readPartitions(
    topic,
    ends.map((e) => ({ partition: e.partition, from: e.low, to: e.high })),
    options,
  );
}

/** Until the outbox holds no row: every event written so far published (within `timeoutMs`). */
export async function outboxEmptied(
  ds: Pick<DataSource, 'query'>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const rows = async (): Promise<number> =>
    (await ds.query<{ n: number }[]>('select count(*)::int as n from event_outbox'))[0]!.n;
  await waitFor(async () => ((await rows()) === 0 ? true : undefined), timeoutMs, what);
}

/**
 * The Kafka client as it is, except that each of its producers' sends goes through `send`, which is
 * handed the record and the producer's own send (to call, or not, around what the test makes of it).
 */
export function withProducerSend(
  kafka: KafkaClient,
  send: (record: SendRecord, sendOn: (record: SendRecord) => Promise<void>) => Promise<void>,
): KafkaClient {
  return {
    producer: (options) => {
      const producer = kafka.producer(options);
      return {
        connect: () => producer.connect(),
        disconnect: () => producer.disconnect(),
        send: (record) => send(record, (r) => producer.send(r)),
      };
    },
    consumer: (options) => kafka.consumer(options),
    admin: () => kafka.admin(),
    readPartitions: (topic, ranges, options) => kafka.readPartitions(topic, ranges, options),
  };
}

/** Runs `relay` until the outbox holds no row (within a minute), then stops it, whichever way that went. */
export async function relayUntilEmpty(
  relay: { start(): void; stop(): Promise<void> },
  ds: Pick<DataSource, 'query'>,
  what: string,
): Promise<void> {
  relay.start();
  try {
    await outboxEmptied(ds, 60_000, what);
  } finally {
    await relay.stop();
  }
}
