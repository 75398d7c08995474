import { register } from 'prom-client';
import { type DataSource } from 'typeorm';
import { createKafka } from '@pft/platform';
import { KAFKA_CLIENTS } from '@pft/platform/kafka/kafka.port';
import { TEST_KAFKA_BROKERS, withProjectionGround } from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages, sampleHistories } from '@pft/testing/oracle';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';
import { readProjectionStatus } from './projection-status';

/** A counter's value for version 1 (0 before its first increment). */
async function counterOfVersion1(name: string): Promise<number> {
  const metric = register.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.filter((v) => v.labels.version === '1').reduce((sum, v) => sum + v.value, 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `done` every 100 ms until it holds or `ms` pass; answers whether it held. */
async function until(done: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await sleep(100);
  }
  return done();
}

describe.each(KAFKA_CLIENTS)(
  'the projector of a stored offset past the end of its topic (real Kafka and Postgres, %s)',
  (client) => {
    const kafka = createKafka(TEST_KAFKA_BROKERS, 'pft-projector-past-end', undefined, undefined, client);
    let dataSource: DataSource;
    const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made));

    const ends = async (topic: string): Promise<Map<number, number>> => {
      const admin = kafka.admin();
      await admin.connect();
      const offsets = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
      return new Map(offsets.map((o) => [o.partition, Number(o.high)]));
    };
    const storedRow = async (partition: number) => {
      const [row] = await dataSource.query<{ next: string; complete_through: Date | null }[]>(
        `select next_offset as next, complete_through from projection_offsets where version = 1 and kafka_partition = $1`,
        [partition],
      );
      return row && { next: Number(row.next), completeThrough: row.complete_through };
    };
    const pilotRowsOf = async (partition: number): Promise<number> => {
      const [row] = await dataSource.query<{ count: number }[]>(
        `select count(*)::int as count from pilot_totals_v1 where kafka_partition = $1`,
        [partition],
      );
      return row!.count;
    };

    it('folds nothing of that partition, even once the topic grows past the offset and after a restart, and tells it; the others fold on', async () => {
      const [topic, deadLetters] = await ground.topicPair('projector-past-end', 2);
      await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(8, 6, 31))), 100);
      const first = await ends(topic);
      // The database comes from another environment, or the topic was deleted and made again: partition 1
      // stored an offset past its end, with a time it was complete through.
      const pastEnd = first.get(1)! + 5;
      await dataSource.query(
        `insert into projection_offsets (projection, version, kafka_partition, topic, next_offset, complete_through)
         values ($1, 1, 1, $2, $3, now() - interval '1 day')`,
        [PILOT_TOTALS_PROJECTION, topic, pastEnd],
      );
      const storedAt = (await storedRow(1))!.completeThrough;

      const consumer = await ground.startConsumer(topic, deadLetters);
      try {
        expect(await until(() => Promise.resolve(consumer.consuming), 30_000)).toBe(true);
        // Partition 0 has nothing stored: it is folded to its end.
        expect(await until(async () => (await storedRow(0))?.next === first.get(0), 30_000)).toBe(true);
        const partitions = await consumer.refreshFreshness();
        expect(partitions.find((p) => p.partition === 1)).toMatchObject({
          high: first.get(1),
          next: pastEnd,
          pastEnd: true,
        });
        expect(partitions.find((p) => p.partition === 0)?.pastEnd).toBe(false);
        expect(consumer.offsetsPastEnd?.code).toBe('OFFSET_PAST_TOPIC_END');
        expect(consumer.offsetsPastEnd?.partitions).toEqual([
          { partition: 1, high: first.get(1), next: pastEnd },
        ]);
        // Not taken for complete through now, as an offset at or past the end used to be.
        expect((await storedRow(1))!.completeThrough).toEqual(storedAt);
        expect((await storedRow(0))!.completeThrough).not.toBeNull();

        // The topic grows past the stored offset: its events below the offset would be skipped as read
        // already, and those from it on folded as if the partition were complete. Nothing of it is folded.
        const dropped = await counterOfVersion1('pft_projection_messages_parked_total');
        await publishMessages(
          kafka,
          topic,
          asKafkaMessages(historyMessages(sampleHistories(40, 6, 32))),
          100,
        );
        const grown = await ends(topic);
        expect(grown.get(1)!).toBeGreaterThan(pastEnd);
        const arrived = grown.get(1)! - first.get(1)!;
        await until(
          async () =>
            (await counterOfVersion1('pft_projection_messages_parked_total')) - dropped >= arrived ||
            (await storedRow(1))!.next !== pastEnd,
          30_000,
        );
        expect((await storedRow(1))!.next).toBe(pastEnd);
        expect(await pilotRowsOf(1)).toBe(0);
        expect(
          (await counterOfVersion1('pft_projection_messages_parked_total')) - dropped,
        ).toBeGreaterThanOrEqual(arrived);
        // Partition 0 folds on.
        expect(await until(async () => (await storedRow(0))?.next === grown.get(0), 30_000)).toBe(true);
        expect(await pilotRowsOf(0)).toBeGreaterThan(0);

        // Still told, though the offset is no longer past the end: this consumer found it so.
        const again = await consumer.refreshFreshness();
        expect(again.find((p) => p.partition === 1)).toMatchObject({ next: pastEnd, pastEnd: true });
        expect(consumer.offsetsPastEnd?.partitions.map((p) => p.partition)).toEqual([1]);
        expect((await storedRow(1))!.completeThrough).toEqual(storedAt);
      } finally {
        await consumer.stop();
      }

      // Started again (a restart, another replica), with the topic past the offset: the finding is kept
      // with the offset, and the partition still folds nothing.
      const restarted = await ground.startConsumer(topic, deadLetters);
      try {
        expect(await until(() => Promise.resolve(restarted.consuming), 30_000)).toBe(true);
        const status = await readProjectionStatus(dataSource, kafka, topic);
        expect(status.versions[0]?.partitions[1]).toMatchObject({ next: pastEnd, pastEnd: true });
        const dropped = await counterOfVersion1('pft_projection_messages_parked_total');
        const from = await ends(topic);
        await publishMessages(
          kafka,
          topic,
          asKafkaMessages(historyMessages(sampleHistories(40, 6, 34))),
          100,
        );
        const arrived = (await ends(topic)).get(1)! - from.get(1)!;
        await until(
          async () =>
            (await counterOfVersion1('pft_projection_messages_parked_total')) - dropped >= arrived ||
            (await storedRow(1))!.next !== pastEnd,
          30_000,
        );
        expect((await storedRow(1))!.next).toBe(pastEnd);
        expect(await pilotRowsOf(1)).toBe(0);
        const partitions = await restarted.refreshFreshness();
        expect(partitions.find((p) => p.partition === 1)).toMatchObject({ next: pastEnd, pastEnd: true });
        expect(restarted.offsetsPastEnd?.partitions.map((p) => p.partition)).toEqual([1]);
        expect((await storedRow(1))!.completeThrough).toEqual(storedAt);
      } finally {
        await restarted.stop();
      }
    }, 120_000);

    it('is told by pft projections status while the offset is past the end', async () => {
      const [topic] = await ground.topicPair('projector-past-end-status', 2);
      await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(4, 3, 33))), 100);
      const high = (await ends(topic)).get(0)!;
      await dataSource.query(`delete from projection_offsets where version = 1`);
      await dataSource.query(
        `insert into projection_offsets (projection, version, kafka_partition, topic, next_offset)
         values ($1, 1, 0, $2, $3), ($1, 1, 1, $2, 0)`,
        [PILOT_TOTALS_PROJECTION, topic, high + 1000],
      );
      const status = await readProjectionStatus(dataSource, kafka, topic);
      expect(status.versions[0]).toMatchObject({ version: 1, offsetsPastEnd: 1 });
      expect(status.versions[0]?.partitions[0]).toMatchObject({
        end: high,
        next: high + 1000,
        pastEnd: true,
      });
      expect(status.versions[0]?.partitions[1]).toMatchObject({ next: 0, pastEnd: false });
    }, 60_000);
  },
);
