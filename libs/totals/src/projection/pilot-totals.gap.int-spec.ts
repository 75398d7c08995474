import { register } from 'prom-client';
import { type DataSource } from 'typeorm';
import { createKafka } from '@pft/platform';
import { KAFKA_CLIENTS } from '@pft/platform/kafka/kafka.port';
import { TEST_KAFKA_BROKERS, withProjectionGround } from '@pft/testing';
import { deleteRecordsBefore } from '@pft/testing/test-kafka-records';
import {
  asKafkaMessages,
  historyMessages,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';

/** Batches version 1 has run (each a fetch handed to it and a transaction). */
async function batchesRun(): Promise<number> {
  const metric = register.getSingleMetric('pft_projection_batch_duration_seconds');
  if (!metric) return 0;
  const { values } = await metric.get();
  return values
    .filter(
      (v) =>
        v.labels.version === '1' &&
        (v as { metricName?: string }).metricName === 'pft_projection_batch_duration_seconds_count',
    )
    .reduce((sum, v) => sum + v.value, 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(KAFKA_CLIENTS)(
  'the projector of a partition with a gap (real Kafka and Postgres, %s)',
  (client) => {
    const kafka = createKafka(TEST_KAFKA_BROKERS, 'pft-projector-gap', undefined, undefined, client);
    let dataSource: DataSource;
    const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made));

    const stored = async (partition: number): Promise<number> => {
      const [row] = await dataSource.query<{ next: string }[]>(
        `select next_offset as next from projection_offsets where version = 1 and kafka_partition = $1`,
        [partition],
      );
      return Number(row!.next);
    };

    it('waits at its end while the gap lasts, fetching nothing again, and reads on at once when it is gone', async () => {
      const [topic, deadLetters] = await ground.topicPair('projector-gap', 2);
      await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(6, 10, 21))), 100);
      const first = await ground.startConsumer(topic, deadLetters);
      await waitForProjection(kafka, dataSource, topic);
      await first.stop();
      const before = await stored(1);
      await publishMessages(
        kafka,
        topic,
        asKafkaMessages(historyMessages(sampleHistories(100, 40, 22))),
        500,
      );
      await deleteRecordsBefore(topic, 1, before + 3);

      const consumer = await ground.startConsumer(topic, deadLetters);
      try {
        // The projector refreshes freshness each second: the gap is known from the first refresh on.
        await sleep(1000);
        await consumer.refreshFreshness();
        await sleep(500);
        const ran = await batchesRun();
        const cpu = process.cpuUsage();
        await sleep(3000);
        const used = process.cpuUsage(cpu);
        // Sought back to its stored offset, the partition was fetched again from its first offset some 40
        // times a second with kafkajs (1.7 s of CPU in these 3 s); @platformatic/kafka fetched it again
        // and again inside the client, handing nothing out (3.4 s of CPU).
        expect(await batchesRun()).toBeLessThanOrEqual(ran + 1);
        expect((used.user + used.system) / 1000).toBeLessThan(500);
        expect(await stored(1)).toBe(before);

        // The stored offset moves on past the gap (as an operator accepting the loss would set it): the
        // next freshness refresh reads the partition again from there, and it is folded to its end.
        const admin = kafka.admin();
        await admin.connect();
        const offsets = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
        const { low, high } = offsets.find((p) => p.partition === 1)!;
        await dataSource.query(
          `update projection_offsets set next_offset = $1 where version = 1 and kafka_partition = 1`,
          [low],
        );
        await consumer.refreshFreshness();
        const deadline = Date.now() + 5000;
        while ((await stored(1)) < Number(high) && Date.now() < deadline) await sleep(100);
        expect(await stored(1)).toBe(Number(high));
      } finally {
        await consumer.stop();
      }
    }, 90_000);
  },
);
