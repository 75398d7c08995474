import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type LogbookEvent } from '@pft/contracts';
import { type KafkaClient } from '@pft/platform';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import {
  createTestTopic,
  deleteTestTopics,
  RelayedEvents,
  storedFlight,
  testKafka,
  withTestDataSource,
} from '@pft/testing';
import { flightRecorded } from '@pft/testing/oracle';
import { applyPilotTotalsBatch } from './pilot-totals.batch';
import { refreshPartitionFreshness } from './projection-freshness';
import { readProjectionStatus } from './projection-status';
import { storedOffsets } from './stored-offsets';

const recorded = (pilot: string): LogbookEvent => flightRecorded(pilot, storedFlight());

/**
 * PILOT_EVENTS_TOPIC changed to a topic holding the same events at other offsets (docs/privacy.md,
 * moving a store to sealed payloads: republished oldest first, without the old topic's duplicates).
 * The offsets stored from the old topic are no positions in the new one: read on from them, the
 * version skipped the new topic's events below them and took itself for complete.
 */
describe('the projection after its topic changed (Postgres, Kafka)', () => {
  let ds: DataSource;
  let kafka: KafkaClient;
  const topics: string[] = [];
  withTestDataSource(2, (made) => (ds = made));
  beforeAll(() => (kafka = testKafka()));
  afterAll(() => deleteTestTopics(kafka, topics));

  const flightCount = async (pilot: string): Promise<number> =>
    Number(
      (
        await ds.query<{ n: string }[]>(
          `select flight_count as n from pilot_totals_v1 where pilot_account_id = $1`,
          [pilot],
        )
      )[0]!.n,
    );

  it('reads the new topic from its start, folding only the events it had not, and is not complete until it has', async () => {
    const pilot = randomUUID();
    const relayed = new RelayedEvents();
    const stream: ConsumedMessage[] = [];
    for (let i = 0; i < 4; i++) stream.push(await relayed.message(pilot, recorded(pilot), i));
    const at = (messages: ConsumedMessage[]) => messages.map((m, i) => ({ ...m, offset: String(i) }));
    // The old topic: the first three events, each published twice (a relay's retries).
    const onOld = at([...stream.slice(0, 3), ...stream.slice(0, 3)]);
    const old = { version: 1, topic: 'pilot-events', partition: 0 };
    await ds.transaction((tx) => applyPilotTotalsBatch(tx, old, onOld));
    expect(await flightCount(pilot)).toBe(3);

    const topic = await createTestTopic(kafka, 'topic-change', 1);
    topics.push(topic);
    // The new topic: the same three once each, then a flight recorded since.
    const onNew = at(stream);
    // The partition the pilot's key goes to: the test topic has only partition 0.
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    try {
      await producer.send({ topic, messages: onNew.map((m) => ({ key: pilot, value: m.value })) });
    } finally {
      await producer.disconnect();
    }

    expect(await storedOffsets(ds, 1, [0], topic)).toEqual(new Map([[0, '0']]));
    const completeThrough = async (): Promise<number> =>
      (
        await ds.query<{ complete_through: Date }[]>(
          `select complete_through from projection_offsets where version = 1 and kafka_partition = 0`,
        )
      )[0]!.complete_through.getTime();
    const folded = await completeThrough();
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [lag] = await refreshPartitionFreshness(
        admin,
        ds,
        { topic, version: 1 },
        { projection: 'p', version: '1' },
      );
      expect(lag).toMatchObject({ partition: 0, high: 4, next: 0 });
      // Not taken for read to the end: the offset stored is the old topic's.
      expect(await completeThrough()).toBe(folded);

      const target = { version: 1, topic, partition: 0 };
      const outcome = await ds.transaction((tx) => applyPilotTotalsBatch(tx, target, onNew));
      expect(outcome).toMatchObject({ applied: 1, repeats: 3, nextOffset: '4' });
      expect(await flightCount(pilot)).toBe(4);
      expect(await storedOffsets(ds, 1, [0], topic)).toEqual(new Map([[0, '4']]));
      await refreshPartitionFreshness(admin, ds, { topic, version: 1 }, { projection: 'p', version: '1' });
      expect(await completeThrough()).toBeGreaterThan(folded);

      // A rolling update: a replica still configured with the old topic (a group of its own, every
      // partition its own) stores the old topic's offset again after the new topic was read to its end.
      // Had the old topic's rows been reset once when the new topic was first read, this one (7, past the
      // new topic's end) would be read as a position there: taken for complete, the events from 4 on
      // skipped. It is no position there, and every reader of the offsets says so.
      const onOldSince = at([...stream.slice(0, 3), ...stream.slice(0, 3), stream[3]!]);
      expect(await ds.transaction((tx) => applyPilotTotalsBatch(tx, old, onOldSince))).toMatchObject({
        nextOffset: '7',
      });
      expect(await storedOffsets(ds, 1, [0], topic)).toEqual(new Map([[0, '0']]));
      const reached = await completeThrough();
      const [again] = await refreshPartitionFreshness(
        admin,
        ds,
        { topic, version: 1 },
        { projection: 'p', version: '1' },
      );
      expect(again).toMatchObject({ partition: 0, high: 4, next: 0 });
      expect(await completeThrough()).toBe(reached);
      const status = await readProjectionStatus(ds, kafka, topic);
      expect(status.versions[0]?.partitions[0]).toMatchObject({ next: 0, lag: 4, completeThrough: null });
      // Its next batch of the new topic reads it again from 0, every event a repeat.
      expect(await ds.transaction((tx) => applyPilotTotalsBatch(tx, target, onNew))).toMatchObject({
        applied: 0,
        repeats: 4,
        nextOffset: '4',
      });
      expect(await flightCount(pilot)).toBe(4);
    } finally {
      await admin.disconnect();
    }
  });
});
