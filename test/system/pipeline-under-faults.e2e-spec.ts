import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '@pft/platform';
import { createPartner, issueApiKey } from '@pft/access/api-keys';
import {
  type AppProcess,
  checkReadsUntil,
  createTestDatabase,
  createTestTopic,
  type KafkaBroker,
  linkedPilots,
  readPartnerTotals,
  type RedisServer,
  runLogbookWorkload,
  startAppProcess,
  startBuiltProcess,
  startKafkaBroker,
  startRedisServer,
  type TestDatabase,
  waitUntilAllCurrent,
  type WorkloadPilot,
} from '@pft/testing';

const ROOT = join(__dirname, '..', '..');
const SECRET = 'pipeline-under-faults-secret-long-enough';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The whole pipeline as it runs in production (ingestion, relay, projector and partner API as
 * separate processes; real Postgres, Kafka and Redis), checked against the oracle of logbook-rules.md.
 * The broker and Redis are this test's own, so that stopping them takes nothing from other tests or
 * from a running `npm start`.
 */
describe('the pipeline end to end, healthy and under faults', () => {
  let broker: KafkaBroker;
  let redis: RedisServer;
  let db: TestDatabase;
  let topics: string[];
  let env: Record<string, string>;
  let ingestion: AppProcess;
  let partnerApi: AppProcess;
  let projector: AppProcess;
  let relay: ReturnType<typeof startBuiltProcess>;
  let key: string;
  let pilots: WorkloadPilot[];

  const startRelay = (): ReturnType<typeof startBuiltProcess> =>
    startBuiltProcess(join('apps', 'ingestion', 'src', 'relay', 'relay-main.js'), [], env);

  beforeAll(async () => {
    [broker, redis, db] = await Promise.all([startKafkaBroker(), startRedisServer(), createTestDatabase()]);
    const kafka = broker.kafka('pft-system');
    topics = [await createTestTopic(kafka, 'system', 6), await createTestTopic(kafka, 'system-dead', 1)];
    env = {
      DATABASE_URL: db.url,
      KAFKA_BROKERS: broker.brokers,
      REDIS_URL: redis.url,
      JWT_SECRET: SECRET,
      PILOT_EVENTS_TOPIC: topics[0]!,
      DEAD_LETTER_TOPIC: topics[1]!,
      PILOT_EVENTS_PARTITIONS: '6',
      // A killed projector's group membership lapses after this; the restarted one rejoins sooner.
      PROJECTOR_SESSION_TIMEOUT_MS: '6000',
      RELAY_ENABLED: 'false',
    };
    [ingestion, partnerApi, projector] = await Promise.all([
      startAppProcess('ingestion', env),
      startAppProcess('partner-api', env),
      startAppProcess('projector', env),
    ]);
    relay = startRelay();

    const dataSource = await createDataSource(db.url, 1).initialize();
    const partner = await createPartner(dataSource, 'System Test Airline');
    ({ key } = await issueApiKey(dataSource, {
      partnerId: partner.partnerId,
      scopes: ['pilot-totals'],
      rateLimit: 10_000_000,
    }));
    await dataSource.destroy();
    pilots = await linkedPilots({ ingestion: ingestion.url, partnerApi: partnerApi.url }, key, SECRET, 24);
  });

  afterAll(async () => {
    await Promise.all([ingestion?.stop(), partnerApi?.stop(), projector?.stop(), relay?.stop()]);
    await Promise.all([broker?.close(), redis?.close()]);
    await db?.drop();
  });

  it('partners read exactly the oracle’s totals after pilots log, amend, delete and import', async () => {
    await runLogbookWorkload(ingestion.url, pilots, 600, 1);
    const freshnessMs = await waitUntilAllCurrent(partnerApi.url, key, pilots, 60_000);
    const dir = join(ROOT, '.stack', 'test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'system-freshness.json'),
      JSON.stringify({ last_write_to_all_current_ms: freshnessMs }) + '\n',
    );
    console.log(`freshness: ${freshnessMs.toFixed(0)} ms from the last write until every pilot read current`);
    for (const pilot of pilots) {
      expect(await readPartnerTotals(partnerApi.url, key, pilot)).toEqual({
        status: 200,
        totals: pilot.model.totals(),
      });
    }
  });

  it('loses nothing and counts nothing twice while the relay, projector, broker and Redis fail', async () => {
    let writing = true;
    const reads = checkReadsUntil(partnerApi.url, key, pilots, () => !writing);
    const started = performance.now();
    const progress = (what: string): void =>
      console.log(`${(performance.now() - started).toFixed(0)} ms: ${what}`);
    const chaos = (async () => {
      for (let round = 1; round <= 5; round++) {
        await sleep(500 + Math.random() * 1500);
        await relay.stop('SIGKILL');
        await sleep(Math.random() * 1000);
        relay = startRelay();
        await sleep(Math.random() * 1500);
        await projector.stop('SIGKILL');
        await sleep(Math.random() * 1000);
        if (round === 2) {
          await broker.stop();
          await sleep(1000);
          await broker.start();
        }
        if (round === 3) {
          await redis.stop();
          await sleep(2000);
          await redis.start();
        }
        projector = await startAppProcess('projector', env, { timeoutMs: 90_000 });
        progress(`fault round ${round} done`);
      }
    })();
    // Pilots keep writing for as long as the faults go on.
    let faulting = true;
    const writes = (async () => {
      for (let seed = 100; faulting; seed++) await runLogbookWorkload(ingestion.url, pilots, 60, seed, 3);
    })();
    await chaos;
    faulting = false;
    await writes;
    console.log(`writes and faults took ${(performance.now() - started).toFixed(0)} ms`);
    const caughtUp = await waitUntilAllCurrent(partnerApi.url, key, pilots, 120_000);
    console.log(`every pilot current ${caughtUp.toFixed(0)} ms after the faults ended`);
    writing = false;
    const check = await reads;
    expect(check.wrong).toEqual([]);
    expect(check.reads).toBeGreaterThan(0);
    for (const pilot of pilots) {
      expect(await readPartnerTotals(partnerApi.url, key, pilot)).toEqual({
        status: 200,
        totals: pilot.model.totals(),
      });
    }
  }, 300_000);

  it('rebuilds the projection during live writes and reads without a failed or wrong read', async () => {
    let writing = true;
    const reads = checkReadsUntil(partnerApi.url, key, pilots, () => !writing);
    const rebuild = startBuiltProcess(
      join('apps', 'cli', 'src', 'main.js'),
      ['projections', 'rebuild', 'pilot_totals'],
      env,
    );
    await runLogbookWorkload(ingestion.url, pilots, 400, 3, 2);
    const code = await rebuild.exited;
    expect({ code, output: code === 0 ? '' : rebuild.output() }).toEqual({ code: 0, output: '' });
    await waitUntilAllCurrent(partnerApi.url, key, pilots, 60_000);
    writing = false;
    const check = await reads;
    expect(check.wrong).toEqual([]);
    expect(check.unavailable).toBe(0);
    for (const pilot of pilots) {
      expect(await readPartnerTotals(partnerApi.url, key, pilot)).toEqual({
        status: 200,
        totals: pilot.model.totals(),
      });
    }

    const client = new Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ active_version: number }>(
      `select active_version from projection_versions where projection = 'pilot_totals'`,
    );
    await client.end();
    expect(rows[0]?.active_version).toBe(2);
  });
});
