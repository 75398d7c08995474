import { randomUUID } from 'node:crypto';
import { TEST_DATABASE_URL, TEST_KAFKA_BROKERS, testKafka } from '@pft/testing';
import { createDataSource } from '@pft/platform';
import { describeCliError } from '../cli-error';
import { requireEventsTopic } from './projections-dependencies';

describe('what pft projections says of a database or topic that does not exist (real Postgres and Kafka)', () => {
  it("names a missing database with DATABASE_URL, under DATABASE_NOT_FOUND (was COMMAND_FAILED in Postgres's words)", async () => {
    const url = new URL(TEST_DATABASE_URL);
    const name = `pft_missing_${randomUUID().slice(0, 8)}`;
    url.pathname = `/${name}`;
    const failure: unknown = await createDataSource(url.toString(), 1)
      .initialize()
      .then(
        (dataSource) => dataSource.destroy(),
        (error: unknown) => error,
      );
    const services = {
      DATABASE_URL: url.toString(),
      REDIS_URL: 'redis://127.0.0.1:6379',
      KAFKA_BROKERS: TEST_KAFKA_BROKERS,
    };
    expect(describeCliError(failure, services)).toEqual({
      code: 'DATABASE_NOT_FOUND',
      message:
        `the database named by DATABASE_URL does not exist at ${url.hostname}:${url.port || 5432}: ` +
        `database "${name}" does not exist; check DATABASE_URL, or create it with \`pft db create\` and \`pft db migrate\``,
    });
  });

  it("names a missing topic with PILOT_EVENTS_TOPIC, under TOPIC_NOT_FOUND (was COMMAND_FAILED in Kafka's words)", async () => {
    const kafka = testKafka('pft-cli-missing-topic');
    const topic = `pft-missing-${randomUUID().slice(0, 8)}`;
    await expect(requireEventsTopic(kafka, topic, TEST_KAFKA_BROKERS)).rejects.toMatchObject({
      code: 'TOPIC_NOT_FOUND',
      message:
        `the topic ${topic} named by PILOT_EVENTS_TOPIC does not exist at ${TEST_KAFKA_BROKERS} (KAFKA_BROKERS): ` +
        'check PILOT_EVENTS_TOPIC, or make the topics with `pft kafka topics`',
    });
  });
});
