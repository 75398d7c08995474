import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { CliError } from '../cli-error';

/**
 * Resolves when `topic` (PILOT_EVENTS_TOPIC) exists; otherwise TOPIC_NOT_FOUND naming the setting,
 * rather than Kafka's "This server does not host this topic-partition" under COMMAND_FAILED.
 */
export async function requireEventsTopic(kafka: KafkaClient, topic: string, brokers: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  let topics: string[];
  try {
    topics = await admin.listTopics();
  } finally {
    await admin.disconnect();
  }
  if (!topics.includes(topic))
    throw new CliError(
      'TOPIC_NOT_FOUND',
      `the topic ${topic} named by PILOT_EVENTS_TOPIC does not exist at ${brokers} (KAFKA_BROKERS): ` +
        'check PILOT_EVENTS_TOPIC, or make the topics with `pft kafka topics`',
    );
}
