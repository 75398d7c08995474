import { type DataSource } from 'typeorm';
import { createDataSource, type KafkaClient } from '@pft/platform';
import { createTestDatabase, type TestDatabase } from './test-database';
import { createTestTopic, deleteTestTopics, testKafka } from './test-kafka';
import { suiteOf } from './test-suite';

/** What an outbox relay's tests stand on: a database with a data source on it, a Kafka client and a topic. */
export interface RelayGround {
  db: TestDatabase;
  ds: DataSource;
  kafka: KafkaClient;
  topic: string;
}

/**
 * The relay ground of a describe block, made before its tests and closed after them: a migrated database
 * of its own with a data source of `poolSize` connections, a Kafka client named `clientId` and a topic
 * of `partitions` partitions named after `topicPrefix` (deleted at the end). Read its fields inside tests.
 */
export function relayGround(options: {
  poolSize: number;
  clientId: string;
  topicPrefix: string;
  partitions: number;
}): RelayGround {
  return suiteOf(
    async () => {
      const db = await createTestDatabase();
      const ds = await createDataSource(db.url, options.poolSize).initialize();
      const kafka = testKafka(options.clientId);
      const topic = await createTestTopic(kafka, options.topicPrefix, options.partitions);
      return { db, ds, kafka, topic };
    },
    async ({ db, ds, kafka, topic }) => {
      await ds.destroy();
      await db.drop();
      await deleteTestTopics(kafka, [topic]);
    },
  );
}
