import { type DataSource } from 'typeorm';
import { createDataSource, type KafkaClient, splitDatabaseUrl } from '@pft/platform';
import { CliError } from '../cli-error';

/** Postgres's code for a connection to a database that does not exist. */
const INVALID_CATALOG_NAME = '3D000';

function hostPort(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}`;
}

/**
 * Opens a data source of `poolSize` connections to `url` (DATABASE_URL). A database that does not exist
 * is DATABASE_NOT_FOUND naming the setting, rather than Postgres's own words under COMMAND_FAILED.
 */
export async function openProjectionDatabase(url: string, poolSize: number): Promise<DataSource> {
  try {
    return await createDataSource(url, poolSize).initialize();
  } catch (error) {
    if ((error as { code?: unknown } | undefined)?.code !== INVALID_CATALOG_NAME) throw error;
    throw new CliError(
      'DATABASE_NOT_FOUND',
      `the database ${splitDatabaseUrl(url).database} named by DATABASE_URL does not exist at ${hostPort(url)}: ` +
        'check DATABASE_URL, or create it with `pft db create` and `pft db migrate`',
    );
  }
}

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
