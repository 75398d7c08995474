import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import type Redis from 'ioredis';
import request from 'supertest';
import { type DataSource } from 'typeorm';
import { createDataSource, createRedis, loadConfig } from '@pft/platform';
import { createTestDatabase, TcpProxy, type TestDatabase, uniqueRedisPrefix } from '@pft/testing';
import { createPartnerApi } from '../../apps/partner-api/src/partner-api.app';
import { PartnerApiConfig } from '../../apps/partner-api/src/partner-api.config';
import { partnerWithKey, type TestPartner } from './partner-api.factories';

const DEFAULT_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface PartnerApiUnderTest {
  app: NestFastifyApplication;
  /** A supertest client of the app. */
  http(): ReturnType<typeof request>;
  /** A pool of its own on the app's database, for putting data in place. */
  db: DataSource;
  redis: Redis;
  /** The app's PARTNER_REDIS_PREFIX: unique, so rate counts of parallel test files never meet. */
  redisPrefix: string;
  databaseUrl: string;
  /** Closes the app as a SIGTERM does; once only, however often it is called. */
  closeApp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The partner API in this process, on a fresh migrated database and its own Redis key prefix.
 * `database` shares one database between several apps of a test file (one is created otherwise).
 */
export async function startPartnerApi(
  env: Record<string, string> = {},
  database?: TestDatabase,
): Promise<PartnerApiUnderTest> {
  const testDb = database ?? (await createTestDatabase());
  const redisPrefix = env.PARTNER_REDIS_PREFIX ?? uniqueRedisPrefix();
  const appEnv: Record<string, string> = {
    LOG_LEVEL: 'warn',
    DATABASE_URL: testDb.url,
    DATABASE_POOL_SIZE: '5',
    PARTNER_REDIS_PREFIX: redisPrefix,
    PARTNER_AUTH_FAILURES_PER_MINUTE: '30',
    REDIS_URL: DEFAULT_REDIS_URL,
    ...env,
  };
  // The configuration is read from the environment, as in production; each test file is a
  // process of its own, and each app of a file is built (and has read it) before the next is started.
  Object.assign(process.env, appEnv);
  const config = loadConfig(PartnerApiConfig);
  const app = await createPartnerApi(config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const db = await createDataSource(testDb.url, 4).initialize();
  const redis = createRedis(DEFAULT_REDIS_URL);
  let appClosed: Promise<void> | undefined;
  const closeApp = (): Promise<void> => (appClosed ??= app.close());
  return {
    app,
    http: () => request(app.getHttpServer()),
    db,
    redis,
    redisPrefix,
    databaseUrl: testDb.url,
    closeApp,
    close: async () => {
      await closeApp();
      await db.destroy();
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      if (!database) await testDb.drop();
    },
  };
}

/** What partnerApiSuite gives a describe block, set before its tests: its partner API, and a partner with a key. */
export interface PartnerApiSuite {
  api: PartnerApiUnderTest;
  partner: TestPartner;
}

/**
 * The partner API of a describe block, started before its tests and closed after them (`env` as
 * startPartnerApi takes it), with a partner and its key made by partnerWithKey(`partner`). Read its
 * fields inside tests and hooks: they are set in beforeAll.
 */
export function partnerApiSuite(
  options: { env?: Record<string, string>; partner?: Parameters<typeof partnerWithKey>[1] } = {},
): PartnerApiSuite {
  const suite = {} as PartnerApiSuite;
  beforeAll(async () => {
    suite.api = await startPartnerApi(options.env);
    suite.partner = await partnerWithKey(suite.api.db, options.partner);
  });
  afterAll(() => suite.api?.close());
  return suite;
}

/** The partner API reaching Postgres through `proxy`, which the test uses to take the database away. */
export interface ProxiedPartnerApi {
  api: PartnerApiUnderTest;
  proxy: TcpProxy;
  close(): Promise<void>;
}

/**
 * The partner API on a fresh database that it reaches through a TCP proxy of the test's own, with short
 * connect and query time limits (1 s and 2 s) so that a database taken away is answered quickly; `db`
 * of the app under test reaches the database directly.
 */
export async function startPartnerApiBehindProxy(
  env: Record<string, string> = {},
): Promise<ProxiedPartnerApi> {
  const database = await createTestDatabase();
  const proxy = await TcpProxy.start(database.url);
  const api = await startPartnerApi(
    {
      DATABASE_URL: proxy.rewrite(database.url),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_QUERY_TIMEOUT_MS: '2000',
      ...env,
    },
    database,
  );
  return {
    api,
    proxy,
    close: async () => {
      await proxy.restore();
      await api.close();
      await proxy.close();
      await database.drop();
    },
  };
}

/** A time 5 seconds into a clock minute, so a test's requests all fall in one window. */
export const minuteStart = (minutesAhead = 0): number =>
  (Math.floor(Date.now() / 60000) + 1 + minutesAhead) * 60000 + 5000;
