import { randomUUID } from 'node:crypto';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import request, { type Test } from 'supertest';
import { Client } from 'pg';
import { type KafkaClient, loadConfig } from '@pft/platform';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import {
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  suiteOf,
  TcpProxy,
  testKafka,
  type TestDatabase,
} from '@pft/testing';
import { createIngestionApp } from '../../../apps/ingestion/src/ingestion-app';
import { IngestionConfig } from '../../../apps/ingestion/src/ingestion.config';

export const bearer = (token: string): [string, string] => ['Authorization', `Bearer ${token}`];

/** The ingestion app booted in-process on a fresh database and a topic of its own. */
export interface IngestionHarness {
  app: NestFastifyApplication;
  config: IngestionConfig;
  db: TestDatabase;
  sql: Client;
  kafka: KafkaClient;
  topic: string;
  http: () => ReturnType<typeof request>;
  /** With `viaProxy`, what stands between the app and its database. */
  proxy?: TcpProxy;
  /** A new pilot account and a token for it. */
  pilot: () => { id: string; token: string };
  /** Requests to the app carrying the pilot token given. */
  as: (token: string) => PilotRequests;
  close: () => Promise<void>;
}

/** Requests of one pilot: the bearer token is set, the rest (body, expectations) is the caller's. */
export interface PilotRequests {
  get: (path: string) => Test;
  post: (path: string) => Test;
  put: (path: string) => Test;
  patch: (path: string) => Test;
  delete: (path: string) => Test;
}

/**
 * `viaProxy`: the app reaches its database through a TcpProxy, for taking the database away.
 * `pilotWebDir`: the built pilot web app to serve at /app/ (dist-test/apps/pilot-web).
 */
export interface IngestionOptions {
  viaProxy?: boolean;
  pilotWebDir?: string;
}

export async function startIngestion(
  env: Record<string, string> = {},
  options: IngestionOptions = {},
): Promise<IngestionHarness> {
  const db = await createTestDatabase();
  const proxy = options.viaProxy ? await TcpProxy.start(db.url) : undefined;
  const kafka = testKafka('ingestion-e2e');
  const topic = await createTestTopic(kafka, 'ingestion', 3);
  const saved = { ...process.env };
  Object.assign(process.env, {
    DATABASE_URL: proxy ? proxy.rewrite(db.url) : db.url,
    PILOT_EVENTS_TOPIC: topic,
    PILOT_EVENTS_PARTITIONS: '3',
    RELAY_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    DATABASE_POOL_SIZE: '5',
    // These files send refused tokens to every endpoint on purpose; the limit on failed
    // authentications has its own test (test/system/hostile-findings.e2e-spec.ts).
    PILOT_AUTH_FAILURES_PER_MINUTE: '100000',
    ...env,
  });
  const config = loadConfig(IngestionConfig);
  // The app is built with the configuration read here; the environment is put back after.
  const app = await createIngestionApp(
    config,
    options.pilotWebDir === undefined ? {} : { pilotWebDir: options.pilotWebDir },
  ).finally(() => (process.env = saved));
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  return {
    app,
    config,
    db,
    sql,
    kafka,
    topic,
    proxy,
    http: () => request(app.getHttpServer()),
    as: (token) => {
      const http = request(app.getHttpServer());
      const auth = (test: Test): Test => test.set(...bearer(token));
      return {
        get: (path) => auth(http.get(path)),
        post: (path) => auth(http.post(path)),
        put: (path) => auth(http.put(path)),
        patch: (path) => auth(http.patch(path)),
        delete: (path) => auth(http.delete(path)),
      };
    },
    pilot: () => {
      const id = randomUUID();
      return { id, token: mintPilotToken(config.JWT_SECRET, id, 600) };
    },
    close: async () => {
      await proxy?.restore();
      await app.close();
      await proxy?.close();
      await sql.end();
      await db.drop();
      await deleteTestTopics(kafka, [topic]);
    },
  };
}

/**
 * The app started once for the tests of the `describe` this is called in, and closed after them: the
 * object returned is filled in before the first test runs.
 */
export function ingestionSuite(
  env: Record<string, string> = {},
  options: IngestionOptions = {},
): IngestionHarness {
  return suiteOf(
    () => startIngestion(env, options),
    (h) => h.close(),
  );
}

/** A response body read as text (the CSV export), for `.buffer(true).parse(asText)`. */
export const asText: Parameters<Test['parse']>[0] = (res, done) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => done(null, text));
};

/** Everything the write side holds about a pilot: equal before and after a rejected request. */
export async function pilotSnapshot(sql: Client, pilot: string): Promise<unknown> {
  const { rows } = await sql.query(
    `select
       (select coalesce(json_agg(e order by position), '[]') from events e
         where stream_id in ('logbook-' || $1, 'consent-' || $1)) as events,
       (select coalesce(json_agg(f order by flight_id), '[]') from flights f where pilot_account_id = $1::uuid) as flights,
       (select coalesce(json_agg(s), '[]') from starting_totals s where pilot_account_id = $1::uuid) as starting_totals,
       (select coalesce(json_agg(l order by code_hash), '[]') from linking_codes l where pilot_account_id = $1::uuid) as codes,
       (select coalesce(json_agg(c order by connection_id), '[]') from connections c where pilot_account_id = $1::uuid) as connections`,
    [pilot],
  );
  return rows[0];
}

export { flightBody } from '@pft/testing';
