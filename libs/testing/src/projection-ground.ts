import { type DataSource } from 'typeorm';
import { createDataSource, type KafkaClient, type Queryable } from '@pft/platform';
import { PilotTotalsConsumer, readPilotTotals } from '@pft/totals';
import { oracleTotalsOf } from './oracle/totals.oracle';
import { type PilotHistory } from './oracle/publish-histories';
import { createTestDatabase, type TestDatabase } from './test-database';
import { createTestTopic, deleteTestTopics } from './test-kafka';

export interface ProjectionGround {
  /**
   * A topic of `partitions` partitions named after `name`, and its dead-letter topic (`<name>-dlq`, one
   * partition): both deleted after the file's last test.
   */
  topicPair(name: string, partitions: number): Promise<[topic: string, deadLetters: string]>;
  /** A projector's consumer of version 1 (four partitions at a time) from `topic` into the database, started. */
  startConsumer(topic: string, deadLetterTopic: string): Promise<PilotTotalsConsumer>;
}

/**
 * What a projection's tests on real Kafka and Postgres stand on: a migrated database of their own with a
 * data source of `poolSize` connections (handed to `made`), made before the file's tests and dropped
 * after them, or before and after each test with `each`; and topics on `kafka`, deleted at the end.
 */
export function withProjectionGround(
  kafka: KafkaClient,
  poolSize: number,
  made: (dataSource: DataSource, db: TestDatabase) => void,
  options: { each?: boolean } = {},
): ProjectionGround {
  const topics: string[] = [];
  let db: TestDatabase | undefined;
  let dataSource: DataSource | undefined;
  const before = options.each ? beforeEach : beforeAll;
  const after = options.each ? afterEach : afterAll;
  before(async () => {
    db = await createTestDatabase();
    dataSource = await createDataSource(db.url, poolSize).initialize();
    made(dataSource, db);
  });
  after(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });
  afterAll(async () => {
    if (topics.length > 0) await deleteTestTopics(kafka, topics);
  });
  return {
    async topicPair(name, partitions) {
      const topic = await createTestTopic(kafka, name, partitions);
      const deadLetters = await createTestTopic(kafka, `${name}-dlq`, 1);
      topics.push(topic, deadLetters);
      return [topic, deadLetters];
    },
    async startConsumer(topic, deadLetterTopic) {
      const consumer = new PilotTotalsConsumer({
        kafka,
        dataSource: dataSource!,
        topic,
        deadLetterTopic,
        version: 1,
        concurrency: 4,
      });
      await consumer.start();
      return consumer;
    },
  };
}

/** Each pilot's totals as the projection in `db` holds them equal the oracle's fold of the pilot's events. */
export async function expectOracleTotals(db: Queryable, histories: readonly PilotHistory[]): Promise<void> {
  const read = await readPilotTotals(
    db,
    histories.map((h) => h.pilotId),
  );
  for (const h of histories) {
    expect({ pilot: h.pilotId, totals: read.get(h.pilotId)?.totals }).toEqual({
      pilot: h.pilotId,
      totals: oracleTotalsOf(h.events),
    });
  }
}
