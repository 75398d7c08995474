import { randomBytes } from 'node:crypto';
import { createKafka, ensureTopics, type KafkaClient } from '@pft/platform';

export const TEST_KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';

export function testKafka(clientId = 'pft-test'): KafkaClient {
  return createKafka(TEST_KAFKA_BROKERS, clientId);
}

/** A topic no other test uses, created with `partitions` partitions and unlimited retention. */
export async function createTestTopic(kafka: KafkaClient, prefix: string, partitions = 3): Promise<string> {
  const topic = `test-${prefix}-${randomBytes(5).toString('hex')}`;
  await ensureTopics(kafka, [{ topic, numPartitions: partitions, retentionMs: -1 }]);
  return topic;
}

export async function deleteTestTopics(kafka: KafkaClient, topics: string[]): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    // Only those the broker holds: the client retries deleting a topic that does not exist (a
    // dead-letter topic a file never made) for most of a minute.
    const listed = new Set(await admin.listTopics());
    const existing = topics.filter((topic) => listed.has(topic));
    if (existing.length > 0) await admin.deleteTopics(existing, 10000);
  } finally {
    await admin.disconnect();
  }
}
