import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '@pft/platform';
import { createPartner, issueApiKey } from '@pft/partners';
import {
  type AppProcess,
  checkReadsUntil,
  createTestDatabase,
  createTestTopic,
  type KafkaBroker,
  linkedPilots,
  expectEveryPilotCurrent,
  type RedisServer,
  runLogbookWorkload,
  startAppProcess,
  startedTogether,
  startBuiltProcess,
  startKafkaBroker,
  startRedisServer,
  startStandaloneRelay,
  type TestDatabase,
  waitFor,
  waitUntilAllCurrent,
  type WorkloadPilot,
  startTogether,
} from '@pft/testing';
import { activeRelay } from '../cluster/support/cluster-probes';
import { lastPosition, publishedAfter, relayHandover } from './relay-handover';

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
  /** The projector started after the last one was killed, until it is ready (the second test). */
  let projectorStarting: Promise<AppProcess> | undefined;
  let relay: ReturnType<typeof startBuiltProcess>;
  /** Ingestion processes that run the relay themselves (the last test). */
  const relaying: AppProcess[] = [];
  let key: string;
  let pilots: WorkloadPilot[];

  const startRelay = (): ReturnType<typeof startBuiltProcess> => startStandaloneRelay(env);

  beforeAll(async () => {
    [broker, redis, db] = await startTogether([startKafkaBroker(), startRedisServer(), createTestDatabase()]);
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
    [ingestion, partnerApi, projector] = await startedTogether([
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
    // Linked four at a time: six each.
    const urls = { ingestion: ingestion.url, partnerApi: partnerApi.url };
    pilots = (await Promise.all([0, 1, 2, 3].map(() => linkedPilots(urls, key, SECRET, 6)))).flat();
  });

  afterAll(async () => {
    relaying.forEach((app) => app.child.kill('SIGCONT'));
    const lastProjector = await projectorStarting?.catch(() => undefined);
    await Promise.all([
      ingestion?.stop(),
      partnerApi?.stop(),
      projector?.stop(),
      relay?.stop(),
      lastProjector?.stop(),
    ]);
    await Promise.all(relaying.map((app) => app.stop()));
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
    await expectEveryPilotCurrent(partnerApi.url, key, pilots);
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
        // The projector started in the round before (while this round's relay fault went on) is ready:
        // it has joined its group and reads before it is killed.
        if (projectorStarting) projector = await projectorStarting;
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
        projectorStarting = startAppProcess('projector', env, { timeoutMs: 90_000 });
        // Awaited in the next round or below; a failed start fails the test there.
        projectorStarting.catch(() => undefined);
        progress(`fault round ${round} done, a projector starting`);
      }
      projector = await projectorStarting!;
      progress('the last projector ready');
    })();
    // Pilots keep writing for as long as the faults go on.
    let faulting = true;
    const writes = (async () => {
      for (let seed = 100; faulting; seed++) await runLogbookWorkload(ingestion.url, pilots, 60, seed, 3);
    })();
    try {
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
      await expectEveryPilotCurrent(partnerApi.url, key, pilots);
    } finally {
      // However the test ends (a fault round or a write that throws), the writes and the reads stop
      // and end with it: left going, they would run on into the next tests and keep jest from exiting.
      faulting = false;
      writing = false;
      await Promise.allSettled([writes, reads]);
    }
  }, 300_000);

  it('rebuilds the projection during live writes and reads without a failed or wrong read', async () => {
    let writing = true;
    const reads = checkReadsUntil(partnerApi.url, key, pilots, () => !writing);
    try {
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
      await expectEveryPilotCurrent(partnerApi.url, key, pilots);
    } finally {
      // The reads stop however the test ends, as in the test above.
      writing = false;
      await reads.catch(() => undefined);
    }

    const client = new Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ active_version: number }>(
      `select active_version from projection_versions where projection = 'pilot_totals'`,
    );
    await client.end();
    expect(rows[0]?.active_version).toBe(2);
  });

  it('hands the relay on within 10 s from an ingestion process frozen for 30 s and from one killed; each event published once', async () => {
    // The relay of its own process gives way to two ingestion processes that each run one.
    await relay.stop();
    relaying.push(
      ...(await Promise.all(
        [0, 1].map(() => startAppProcess('ingestion', { ...env, RELAY_ENABLED: 'true' })),
      )),
    );
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const since = await lastPosition(client);
    const { copies, arrivals, consumer } = await publishedAfter(
      broker.kafka('pft-system-relay'),
      topics[0]!,
      since,
    );
    const active = (): Promise<AppProcess> => activeRelay(client, relaying, 15_000);
    const handover = relayHandover({ db: client, pilots, arrivals, firstSeed: 1000 });
    try {
      const frozen = await active();
      const other = relaying.find((app) => app !== frozen)!;
      await handover.writeTo(frozen);
      await sleep(2000);
      const afterFreeze = await handover.takeover(frozen, 'SIGSTOP', other);
      console.log(`relay takeover after SIGSTOP: ${afterFreeze.toFixed(0)} ms`);
      expect(await active()).toBe(other);
      await sleep(30_000 - afterFreeze);
      frozen.child.kill('SIGCONT');
      // The woken process gets the writes: it wakes its own relay, whose lease is long gone.
      await handover.writeTo(frozen);
      await sleep(3000);
      expect(await active()).toBe(other);
      const afterKill = await handover.takeover(other, 'SIGKILL', frozen);
      console.log(`relay takeover after SIGKILL: ${afterKill.toFixed(0)} ms`);
      await sleep(2000);
      await handover.stop();
      expect(await active()).toBe(frozen);
      const written = (
        await client.query<{ event_id: string }>(`select event_id::text from events where position > $1`, [
          since.toString(),
        ])
      ).rows;
      await waitFor(
        () => (copies.size >= written.length ? true : undefined),
        60_000,
        'every event on the topic',
      );
      await sleep(1000);
      console.log(
        `${written.length} events written while the relay moved, each published ${[...new Set(copies.values())].join(', ')} time(s)`,
      );
      expect(afterFreeze).toBeLessThan(10_000);
      expect(afterKill).toBeLessThan(10_000);
      expect(Object.fromEntries(copies)).toEqual(Object.fromEntries(written.map((e) => [e.event_id, 1])));
      await waitUntilAllCurrent(partnerApi.url, key, pilots, 60_000);
      await expectEveryPilotCurrent(partnerApi.url, key, pilots);
    } finally {
      await handover.stop().catch(() => undefined);
      await consumer.disconnect();
      await client.end();
    }
  }, 180_000);
});
