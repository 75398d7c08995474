import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform';
import {
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  startAppProcess,
  startedTogether,
  type TestDatabase,
  testKafka,
  uniqueRedisPrefix,
} from '@pft/testing';
import { partnerWithKey, type TestPartner } from '../partner-api/partner-api.factories';

const EMIT_WARNING = join(__dirname, 'support', 'emit-process-warning.js');
const PARTNER_SCOPES = ['pilot-totals', 'rating-dictionary'] as const;

/** The secret the apps of metricsPortApps check pilot tokens with. */
export const JWT_SECRET = `metrics-test-secret-${randomBytes(16).toString('hex')}`;

/** A database of the file's own, a pool on it, and a partner holding a key to pilot totals and the rating dictionary. */
export interface PartnerDatabase {
  database: TestDatabase;
  db: DataSource;
  partner: TestPartner;
}

/** The partner API, ingestion and the projector on one database and topics of their own, started together. */
export interface MetricsPortApps extends PartnerDatabase {
  topics: string[];
  partnerApi: AppProcess;
  ingestion: AppProcess;
  projector: AppProcess;
  /** When the apps were started: no line they print is older. */
  startedAt: number;
}

/**
 * The PartnerDatabase of a describe block, made before its tests and dropped after them. Read its
 * fields inside tests and hooks: they are set in beforeAll.
 */
export function partnerDatabase(): PartnerDatabase {
  const suite = {} as PartnerDatabase;
  beforeAll(async () => {
    suite.database = await createTestDatabase();
    suite.db = await createDataSource(suite.database.url, 2).initialize();
    suite.partner = await partnerWithKey(suite.db, { scopes: PARTNER_SCOPES });
  });
  afterAll(async () => {
    await suite.db?.destroy();
    await suite.database?.drop();
  });
  return suite;
}

/**
 * The MetricsPortApps of a describe block, started before its tests (LOG_LEVEL info; the projector
 * preloads a process warning) and killed after them, its topics and database then deleted. Read its
 * fields inside tests and hooks: they are set in beforeAll, each as it is made.
 */
export function metricsPortApps(): MetricsPortApps {
  const kafka = testKafka('pft-metrics-port');
  const suite = {} as MetricsPortApps;
  beforeAll(async () => {
    suite.database = await createTestDatabase();
    suite.db = await createDataSource(suite.database.url, 2).initialize();
    suite.topics = [
      await createTestTopic(kafka, 'metrics-port', 3),
      await createTestTopic(kafka, 'metrics-port-dead', 1),
    ];
    const env = {
      DATABASE_URL: suite.database.url,
      PILOT_EVENTS_TOPIC: suite.topics[0]!,
      DEAD_LETTER_TOPIC: suite.topics[1]!,
      PILOT_EVENTS_PARTITIONS: '3',
      PARTNER_REDIS_PREFIX: uniqueRedisPrefix(),
      PARTNER_AUTH_FAILURES_PER_MINUTE: '2',
      JWT_SECRET,
      LOG_LEVEL: 'info',
    };
    suite.startedAt = Date.now();
    [suite.ingestion, suite.projector, suite.partnerApi] = await startedTogether([
      startAppProcess('ingestion', env),
      // A process warning before any of the projector's code runs: it must come out as JSON too.
      startAppProcess('projector', {
        ...env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${EMIT_WARNING}`.trim(),
      }),
      startAppProcess('partner-api', env),
    ]);
    suite.partner = await partnerWithKey(suite.db, { scopes: PARTNER_SCOPES });
  });
  afterAll(async () => {
    await Promise.all(
      [suite.partnerApi, suite.ingestion, suite.projector].map((app) => app?.stop('SIGKILL')),
    );
    await deleteTestTopics(kafka, suite.topics ?? []).catch(() => undefined);
    await suite.db?.destroy();
    await suite.database?.drop();
  });
  return suite;
}
