import { register } from 'prom-client';
import { type DataSource } from 'typeorm';
import { testKafka, withProjectionGround } from '@pft/testing';
import { deleteRecordsBefore } from '@pft/testing/test-kafka-records';
import {
  asKafkaMessages,
  historyMessages,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';
import { readProjectionStatus } from './projection-status';

/** The events-gone gauge of version 1, by partition. */
async function eventsGoneGauge(): Promise<Record<string, number>> {
  const metric = register.getSingleMetric('pft_projection_events_gone');
  if (!metric) return {};
  const { values } = await metric.get();
  return Object.fromEntries(
    values.filter((v) => v.labels.version === '1').map((v) => [String(v.labels.partition), v.value]),
  );
}

describe('the projector of a topic that no longer holds events it has to fold (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-projector-events-gone');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 12, (made) => (dataSource = made));

  it('tells which partitions, by how many events, at each freshness refresh, and folds nothing past the gap', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-events-gone', 2);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(6, 10, 21))), 100);
    const first = await ground.startConsumer(topic, deadLetters);
    await waitForProjection(kafka, dataSource, topic);
    await first.stop();
    const stored = async (): Promise<number> => {
      const [row] = await dataSource.query<{ next: string }[]>(
        `select next_offset as next from projection_offsets where version = 1 and kafka_partition = 1`,
      );
      return Number(row!.next);
    };
    const before = await stored();

    // While the projector was down, more events came and a retention deleted some it had not read.
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(6, 10, 22))), 100);
    await deleteRecordsBefore(topic, 1, before + 3);

    const again = await ground.startConsumer(topic, deadLetters);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const partitions = await again.refreshFreshness();
      expect(partitions.find((p) => p.partition === 1)).toMatchObject({ low: before + 3, next: before });
      expect(await eventsGoneGauge()).toEqual({ '0': 0, '1': 3 });
      expect(again.eventsGone?.partitions).toEqual([{ partition: 1, low: before + 3, next: before }]);
      expect(await stored()).toBe(before);
      const status = await readProjectionStatus(dataSource, kafka, topic);
      expect(status.versions[0]).toMatchObject({ version: 1, eventsGone: 3 });
      expect(status.versions[0]?.partitions[1]).toMatchObject({
        start: before + 3,
        next: before,
        eventsGone: 3,
      });
    } finally {
      await again.stop();
    }
  }, 60_000);
});
