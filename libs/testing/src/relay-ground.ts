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
 * of its own with a data source of `poolSize` connections (2 unless told), a Kafka client named
 * `<name>-test` and a topic of `partitions` partitions (3 unless told) named after `name`, deleted at the
 * end. Read its fields inside tests.
 */
export function relayGround(
  name: string,
  options: { poolSize?: number; partitions?: number } = {},
): RelayGround {
  return suiteOf(
    async () => {
      const db = await createTestDatabase();
      const ds = await createDataSource(db.url, options.poolSize ?? 2).initialize();
      const kafka = testKafka(`${name}-test`);
      const topic = await createTestTopic(kafka, name, options.partitions ?? 3);
      return { db, ds, kafka, topic };
    },
    async ({ db, ds, kafka, topic }) => {
      await ds.destroy();
      await db.drop();
      await deleteTestTopics(kafka, [topic]);
    },
  );
}
