import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { decodeEventMessages, isErased, logbookStreamId, zeroFlightMinutes } from '@pft/contracts';
import {
  createTestTopic,
  deleteTestTopics,
  flightBody,
  testKafka,
  waitFor,
  withTestDataSource,
} from '@pft/testing';
import { boxOpener } from '../crypto/sealed-json';
import { DataKeys } from '../crypto/data-keys';
import { DEVELOPMENT_MASTER_KEY, MasterKeyRing } from '../crypto/master-keys';
import { PlainPayloadsLeft, republishEvents } from './republish-events';
import { sealStoredEvents } from './seal-stored-events';

const ring = () => MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY);

/** A flight of `pilot` stored in the clear, as before sealing existed. */
async function plainFlight(ds: DataSource, pilot: string, remarks: string): Promise<void> {
  await ds.query(
    `insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
     values ($1, $2, 1, 'FlightRecorded', 1, $3::jsonb, '{}')`,
    [
      randomUUID(),
      logbookStreamId(pilot),
      JSON.stringify({
        pilot_account_id: pilot,
        flight: {
          ...(flightBody({ remarks }) as object),
          minutes: zeroFlightMinutes(),
          landings: { day: 0, night: 0 },
        },
      }),
    ],
  );
}

/** Every message on `topic`, `count` of them. */
async function readTopic(kafka: KafkaClient, topic: string, count: number): Promise<Buffer[]> {
  const values: Buffer[] = [];
  const consumer = kafka.consumer({ groupId: `test-${randomUUID()}`, maxWaitTimeMs: 50 });
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await consumer.run({
    eachMessage: ({ message }) => {
      values.push(Buffer.from(message.value!));
      return Promise.resolve();
    },
  });
  try {
    await waitFor(() => (values.length >= count ? true : undefined), 30_000, 'the republished events');
  } finally {
    await consumer.disconnect();
  }
  return values;
}

describe('republishing the store to a new topic while erasures are under way (pft privacy seal-events --republish-to)', () => {
  let ds: DataSource;
  withTestDataSource(3, (made) => (ds = made));
  const kafka = testKafka('republish-erasing-test');
  const topics: string[] = [];

  afterAll(async () => {
    await deleteTestTopics(kafka, topics);
  });

  const republish = async (topic: string) => {
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    try {
      return await republishEvents(ds, producer, topic, { batchSize: 5 });
    } finally {
      await producer.disconnect();
    }
  };

  it('publishes a payload left in the clear to an erasure under way shredded, never as it is', async () => {
    const topic = await createTestTopic(kafka, 'republish-erasing', 1);
    topics.push(topic);
    const [erasing, kept] = [randomUUID(), randomUUID()];
    await plainFlight(ds, erasing, 'left-to-the-erasure');
    await plainFlight(ds, kept, 'kept-and-sealed');
    // The erasure is asked for and has not reached its logbook step (its workers stopped, say).
    await ds.query(`insert into account_erasures (pilot_account_id, request_id) values ($1, 'req_erase')`, [
      erasing,
    ]);
    const keys = new DataKeys(ring());
    expect(await sealStoredEvents(ds, { keys })).toEqual({ sealed: 1, leftToErasures: 1 });

    expect(await republish(topic)).toEqual({ published: 2 });
    const values = await readTopic(kafka, topic, 2);
    expect(Buffer.concat(values).includes(Buffer.from('left-to-the-erasure'))).toBe(false);
    const read = await decodeEventMessages(values, boxOpener(keys, ds));
    expect(
      read.map((r) =>
        r.ok ? (r.message.payload as { flight: { remarks: string } }).flight.remarks : isErased(r),
      ),
    ).toEqual([true, 'kept-and-sealed']);
    // The store's own copy is the erasure's to shred.
    const [{ plain }] = await ds.query(
      `select count(*)::int as plain from events where stream_id = $1 and not (payload ? 'sealed')`,
      [logbookStreamId(erasing)],
    );
    expect(plain).toBe(1);
  }, 60_000);

  it('refuses, publishing nothing, while a payload is in the clear that no erasure will shred', async () => {
    const topic = await createTestTopic(kafka, 'republish-unsealed', 1);
    topics.push(topic);
    await plainFlight(ds, randomUUID(), 'never-sealed');
    await expect(republish(topic)).rejects.toEqual(new PlainPayloadsLeft(1));
    const admin = kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
    expect(ends.map((e) => e.high)).toEqual(['0']);
  }, 60_000);
});
