import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import type Redis from 'ioredis';
import request from 'supertest';
import { type DataSource } from 'typeorm';
import { createDataSource, createRedis, loadConfig } from '@pft/platform';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '@pft/testing';
import { createPartnerApi } from '../../apps/partner-api/src/partner-api.app';

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
  // The module reads its configuration from the environment, as in production; each test file is a
  // process of its own, and each app of a file is built (and has read it) before the next is started.
  Object.assign(process.env, appEnv);
  const config = loadConfig();
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
