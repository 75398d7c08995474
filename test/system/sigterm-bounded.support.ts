/**
 * What sigterm-bounded.e2e-spec.ts stops and under what: the ground of a describe block (its own broker and
 * database), the five processes of a set started on it, and the pilot writes and partner reads they serve.
 */
import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { createDataSource, type KafkaClient } from '@pft/platform';
import {
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  flightBody,
  type KafkaBroker,
  startAppProcess,
  startedTogether,
  startKafkaBroker,
  startStandaloneRelay,
  startTogether,
  TcpProxy,
  type TestDatabase,
  uniqueRedisPrefix,
  waitFor,
} from '@pft/testing';
import { partnerWithKey, type TestPartner } from '../partner-api/partner-api.factories';

const SECRET = 'sigterm-bounded-secret-long-enough-for-hs256';
/** Partner reads at once: at most this many can be counted by the app and cut off before the test has their answer. */
export const READERS = 4;
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A process under test: one of the apps, or the standalone relay. */
export interface Stoppable {
  name: string;
  child: AppProcess['child'];
  output(): string;
  exited: AppProcess['exited'];
}

/** The JSON lines a process printed (anything else is skipped: Node's own warnings). */
function jsonLines(process: Stoppable): Record<string, unknown>[] {
  return process
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** What sigtermGround gives a describe block, set before its tests: a broker and a database of its own. */
export interface SigtermGround {
  broker: KafkaBroker;
  database: TestDatabase;
  db: DataSource;
  kafka: KafkaClient;
  /** A partner whose rate limit no load reaches. */
  partner: TestPartner;
  /** Every process started, killed after the tests if still running. */
  started: Stoppable[];
  proxies: TcpProxy[];
}

/**
 * A Kafka broker and a database of the describe block's own and a partner on it, started before its tests;
 * after them, what they started is killed if still running, and the ground closed. Read its fields inside
 * tests: they are set in beforeAll.
 */
export function sigtermGround(): SigtermGround {
  const started: Stoppable[] = [];
  const proxies: TcpProxy[] = [];
  const ground = { started, proxies } as SigtermGround;

  beforeAll(async () => {
    [ground.broker, ground.database] = await startTogether([startKafkaBroker(), createTestDatabase()]);
    ground.db = await createDataSource(ground.database.url, 2).initialize();
    ground.kafka = ground.broker.kafka('pft-sigterm-bounded');
    ground.partner = await partnerWithKey(ground.db, { rateLimit: 1_000_000 });
  }, 180_000);

  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(started.map((p) => p.exited));
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await ground.db?.destroy();
    await ground.broker?.close();
    await ground.database?.drop();
  });
  return ground;
}

/** Waits until `p`'s relay holds the lease: it is the one publishing. */
async function leaseHeldBy(db: DataSource, p: Stoppable): Promise<void> {
  await waitFor(
    async () => {
      const [lease] = await db.query<{ holder: string }[]>(
        'select holder from relay_leases where expires_at > now()',
      );
      return lease?.holder.includes(`/${p.child.pid}/`) ? true : undefined;
    },
    60_000,
    `the ${p.name} process's relay to hold the lease`,
  );
}

/**
 * The five processes on proxies of their own to Postgres and Redis, and on the test's broker with
 * topics of their own; the relay that publishes (holds the lease) is the ingestion app's or the
 * standalone one's, as asked, the other waiting as a standby. Topics of their own, so consumer groups of
 * their own: an app whose batch Postgres held up may end before it has left its group, and a consumer of
 * the next set in that group would wait out the member's session before it is ready (20 s and more).
 */
export async function startAll(
  ground: SigtermGround,
  publisher: 'ingestion' | 'relay',
): Promise<{ processes: Stoppable[]; postgres: TcpProxy; redis: TcpProxy }> {
  const { broker, database, kafka, started, proxies } = ground;
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const [postgres, redis, topics] = await Promise.all([
    TcpProxy.start(database.url),
    TcpProxy.start(redisUrl),
    Promise.all([createTestTopic(kafka, 'sigterm', 3), createTestTopic(kafka, 'sigterm-dead', 1)]),
  ]);
  proxies.push(postgres, redis);
  const env = {
    DATABASE_URL: postgres.rewrite(database.url),
    REDIS_URL: redis.rewrite(redisUrl),
    KAFKA_BROKERS: broker.brokers,
    PILOT_EVENTS_TOPIC: topics[0],
    DEAD_LETTER_TOPIC: topics[1],
    PILOT_EVENTS_PARTITIONS: '3',
    JWT_SECRET: SECRET,
    PARTNER_REDIS_PREFIX: uniqueRedisPrefix(),
    // Reads are answered from memory while Postgres is gone, and counted only in memory until shutdown.
    PARTNER_TOTALS_CACHE_MS: '60000',
    ACCESS_HISTORY_FLUSH_MS: '60000',
    RELAY_LEASE_MS: '3000',
  };
  const startRelay = async (): Promise<Stoppable> => {
    const relay = { name: 'relay', ...startStandaloneRelay({ ...env, LOG_LEVEL: 'info' }) };
    started.push(relay);
    await waitFor(
      () => (/relaying the outbox/.test(relay.output()) ? true : undefined),
      60_000,
      'the standalone relay to start',
    );
    return relay;
  };
  const startApps = async (): Promise<AppProcess[]> => {
    const apps = await startedTogether([
      startAppProcess('ingestion', env, { timeoutMs: 60_000 }),
      startAppProcess('projector', env, { timeoutMs: 60_000 }),
      startAppProcess('partner-api', env, { timeoutMs: 60_000 }),
      startAppProcess('webhooks', env, { timeoutMs: 60_000 }),
    ]);
    started.push(...apps);
    return apps;
  };
  let relay: Stoppable;
  let apps: AppProcess[];
  if (publisher === 'relay') {
    relay = await startRelay();
    await leaseHeldBy(ground.db, relay);
    apps = await startApps();
  } else {
    apps = await startApps();
    await leaseHeldBy(ground.db, apps[0]!);
    relay = await startRelay();
  }
  return { processes: [...apps, relay], postgres, redis };
}

/** Pilot writes and partner reads (under `partnerKey`), over and over until stopped, each outcome kept. */
export function load(partnerKey: string, ingestion: AppProcess, partnerApi: AppProcess, pilotId: string) {
  const account = randomUUID();
  const token = mintPilotToken(SECRET, account, 3600);
  const accepted: string[] = [];
  let answeredReads = 0;
  let running = true;
  const writes = (async () => {
    while (running) {
      const body = flightBody();
      const response = await fetch(`${ingestion.url}/pilot/v1/flights`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      }).catch(() => undefined);
      if (response?.status === 201) accepted.push(body.flight_id as string);
      else await sleep(50);
    }
  })();
  const reads = Array.from({ length: READERS }, async () => {
    while (running) {
      const response = await fetch(`${partnerApi.url}/v1/pilot-totals?pilot_id=${pilotId}`, {
        headers: { authorization: `Bearer ${partnerKey}` },
        signal: AbortSignal.timeout(15_000),
      }).catch(() => undefined);
      const body = await response?.text().catch(() => undefined);
      if (response?.status === 200 && body !== undefined) answeredReads++;
      else await sleep(50);
    }
  });
  return {
    account,
    accepted,
    answeredReads: () => answeredReads,
    stop: async () => {
      running = false;
      await Promise.all([writes, ...reads]);
    },
  };
}

/** Milliseconds from SIGTERM to the process's end, and how it ended. */
export async function stopTimed(p: Stoppable): Promise<{ name: string; ms: number; ended: number | string }> {
  const sent = performance.now();
  p.child.kill('SIGTERM');
  const ended = await p.exited;
  return { name: p.name, ms: Math.round(performance.now() - sent), ended };
}

/** The reads the partner API said it could not write, from its log. */
export function unwrittenReads(partnerApi: Stoppable): number {
  return jsonLines(partnerApi)
    .filter((line) => typeof line.unwritten_reads === 'number')
    .reduce((sum, line) => sum + (line.unwritten_reads as number), 0);
}
