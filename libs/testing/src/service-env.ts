import { type AppProcess, startAppProcess, startedTogether } from './app-process';
import { createTestDatabase, type TestDatabase } from './test-database';
import { suiteOf } from './test-suite';
import { createTestTopic, deleteTestTopics, testKafka } from './test-kafka';

/** A database and topics of one test's own, and the variables that point the apps at them. */
export interface ServiceEnv {
  db: TestDatabase;
  /** The pilot events topic and its dead-letter topic. */
  topics: [string, string];
  env: Record<string, string>;
  /** Deletes the topics and drops the database. */
  drop(): Promise<void>;
}

/**
 * What the apps a test starts need of their own, never the `pilot_totals` database or the run's
 * topics: a new database and a pilot events topic (`partitions` of them) with its dead letters.
 */
export async function createServiceEnv(
  kafka: ReturnType<typeof testKafka>,
  name: string,
  partitions = 3,
): Promise<ServiceEnv> {
  const db = await createTestDatabase();
  const topics: [string, string] = [
    await createTestTopic(kafka, name, partitions),
    await createTestTopic(kafka, `${name}-dead`, 1),
  ];
  return {
    db,
    topics,
    env: {
      DATABASE_URL: db.url,
      PILOT_EVENTS_TOPIC: topics[0],
      DEAD_LETTER_TOPIC: topics[1],
      PILOT_EVENTS_PARTITIONS: String(partitions),
    },
    drop: async () => {
      await deleteTestTopics(kafka, topics).catch(() => undefined);
      await db.drop();
    },
  };
}

/** The three apps as processes on a database and topics of their own. */
export interface RunningService extends ServiceEnv {
  ingestion: AppProcess;
  projector: AppProcess;
  partnerApi: AppProcess;
  /** Stops the apps, then deletes the topics and drops the database. */
  stop(): Promise<void>;
}

export async function startService(
  kafka: ReturnType<typeof testKafka>,
  name: string,
  env: Record<string, string> = {},
): Promise<RunningService> {
  const service = await createServiceEnv(kafka, name);
  const appEnv = { ...service.env, ...env };
  let apps: [AppProcess, AppProcess, AppProcess];
  try {
    apps = await startedTogether([
      startAppProcess('ingestion', appEnv),
      startAppProcess('projector', appEnv),
      startAppProcess('partner-api', appEnv),
    ]);
  } catch (err) {
    // No topic or database outlives a start that failed either.
    await service.drop();
    throw err;
  }
  const [ingestion, projector, partnerApi] = apps;
  return {
    ...service,
    env: appEnv,
    ingestion,
    projector,
    partnerApi,
    stop: async () => {
      await Promise.all([ingestion.stop(), projector.stop(), partnerApi.stop()]);
      await service.drop();
    },
  };
}

/**
 * The three apps for the tests of the `describe` this is called in, on a database and topics named after
 * `name`: started before the first test, stopped after the last. The object is filled in before the first
 * test runs.
 */
export function serviceSuite(name: string, env: Record<string, string> = {}): RunningService {
  return suiteOf(
    () => startService(testKafka(`pft-${name}`), name, env),
    (service) => service.stop(),
  );
}
