import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { decodeEventMessages, isErased, logbookStreamId } from '@pft/contracts';
import {
  createTestTopic,
  deleteTestTopics,
  flightRecordedPayload,
  testKafka,
  testMasterKeys,
  topicMessages,
  withTestDataSource,
} from '@pft/testing';
import { boxOpener } from '../crypto/sealed-json';
import { DataKeys } from '../crypto/data-keys';
import { PlainPayloadsLeft, republishEvents } from './republish-events';
import { sealStoredEvents } from './seal-stored-events';

/** A flight of `pilot` stored in the clear, as before sealing existed. */
async function plainFlight(ds: DataSource, pilot: string, remarks: string): Promise<void> {
  await ds.query(
    `insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
     values ($1, $2, 1, 'FlightRecorded', 1, $3::jsonb, '{}')`,
    [randomUUID(), logbookStreamId(pilot), JSON.stringify(flightRecordedPayload(pilot, remarks))],
  );
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
    const keys = new DataKeys(testMasterKeys);
    expect(await sealStoredEvents(ds, { keys })).toEqual({ sealed: 1, leftToErasures: 1 });

    expect(await republish(topic)).toEqual({ published: 2 });
    const values = (await topicMessages(kafka, topic)).map((m) => m.value!);
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
