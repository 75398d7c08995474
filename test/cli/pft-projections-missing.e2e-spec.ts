import { randomUUID } from 'node:crypto';
import {
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  TEST_KAFKA_BROKERS,
  testKafka,
  type TestDatabase,
} from '@pft/testing';
import { runPft } from './run-pft';

/**
 * `pft projections status` and `rebuild` against a topic or a database that does not exist: each named
 * with the setting that points at it, under a code of its own (they failed with COMMAND_FAILED in
 * Kafka's or Postgres's own words). Runs the built command line (`npm run build:test`).
 */
describe('pft projections with a topic or a database that does not exist', () => {
  const kafka = testKafka('pft-projections-missing');
  let db: TestDatabase;
  let topic: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    topic = await createTestTopic(kafka, 'projections-missing', 1);
  });
  afterAll(async () => {
    await deleteTestTopics(kafka, [topic]);
    await db?.drop();
  });

  it.each([['status'], ['rebuild', 'pilot_totals']])(
    'pft projections %s names a missing topic with PILOT_EVENTS_TOPIC (TOPIC_NOT_FOUND)',
    async (...command) => {
      const missing = `pft-missing-${randomUUID().slice(0, 8)}`;
      const run = await runPft(['projections', ...command], {
        DATABASE_URL: db.url,
        KAFKA_BROKERS: TEST_KAFKA_BROKERS,
        PILOT_EVENTS_TOPIC: missing,
      });
      expect({ code: run.code, stdout: run.stdout, stderr: run.stderr.trim() }).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `pft: TOPIC_NOT_FOUND: the topic ${missing} named by PILOT_EVENTS_TOPIC does not exist at ` +
          `${TEST_KAFKA_BROKERS} (KAFKA_BROKERS): check PILOT_EVENTS_TOPIC, or make the topics with \`pft kafka topics\``,
      });
    },
  );

  it('pft projections status names a missing database with DATABASE_URL (DATABASE_NOT_FOUND)', async () => {
    const url = new URL(db.url);
    const missing = `pft_missing_${randomUUID().slice(0, 8)}`;
    url.pathname = `/${missing}`;
    const run = await runPft(['projections', 'status', '--json'], {
      DATABASE_URL: url.toString(),
      KAFKA_BROKERS: TEST_KAFKA_BROKERS,
      PILOT_EVENTS_TOPIC: topic,
    });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        code: 'DATABASE_NOT_FOUND',
        message:
          `the database named by DATABASE_URL does not exist at ${url.hostname}:${url.port || 5432}: ` +
          `database "${missing}" does not exist; check DATABASE_URL, or create it with \`pft db create\` and \`pft db migrate\``,
      },
    });
  });
});
