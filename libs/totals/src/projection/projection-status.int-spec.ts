import { type DataSource } from 'typeorm';
import { testKafka, withProjectionGround } from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages, sampleHistories } from '@pft/testing/oracle';
import { readProjectionStatus } from './projection-status';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';

describe('pft projections status after PILOT_EVENTS_TOPIC changed (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-projection-status');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 4, (made) => (dataSource = made));

  it('counts offsets stored from the old topic as nothing read of the new one, as the projector does', async () => {
    const [topic] = await ground.topicPair('status-new-topic', 1);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(sampleHistories(3, 5, 41))), 100);
    // Version 1 read the old topic further than the new one goes.
    await dataSource.query(
      `insert into projection_offsets (projection, version, kafka_partition, topic, next_offset, complete_through)
       values ($1, 1, 0, 'pilot-events-old', 100000, now())`,
      [PILOT_TOTALS_PROJECTION],
    );
    const status = await readProjectionStatus(dataSource, kafka, topic);
    const [partition] = status.versions[0]!.partitions;
    expect(partition).toMatchObject({ next: 0, completeThrough: null });
    expect(partition!.lag).toBe(partition!.end);
    expect(partition!.end).toBeGreaterThan(0);
  });
});
