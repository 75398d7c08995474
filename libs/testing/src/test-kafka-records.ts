// eslint-disable-next-line no-restricted-imports -- the Kafka port deletes no records; the test does, as a retention would
import { Kafka } from 'kafkajs';
import { TEST_KAFKA_BROKERS } from './test-kafka';

/**
 * Deletes a partition's records before `offset`, as a retention that is not unlimited would: the
 * partition's first offset becomes `offset`.
 */
export async function deleteRecordsBefore(topic: string, partition: number, offset: number): Promise<void> {
  const admin = new Kafka({ brokers: TEST_KAFKA_BROKERS.split(','), clientId: 'pft-delete-records' }).admin();
  await admin.connect();
  try {
    await admin.fetchTopicMetadata({ topics: [topic] });
    await admin.deleteTopicRecords({ topic, partitions: [{ partition, offset: String(offset) }] });
  } finally {
    await admin.disconnect();
  }
}
