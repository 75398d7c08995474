import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '@pft/platform';
import { createPartner, issueApiKey } from '@pft/partners';
import {
  type AppProcess,
  createTestDatabase,
  type KafkaCluster,
  linkedPilots,
  type RedisServer,
  startAppProcess,
  startBuiltProcess,
  startKafkaCluster,
  startRedisServer,
  TcpProxy,
  type TestDatabase,
  type WorkloadPilot,
} from '@pft/testing';

export type ClusterApp = 'ingestion' | 'projector' | 'partner-api';

/**
 * The service as operators run it beyond one machine: a three-node Kafka cluster (replication factor 3,
 * min.insync.replicas 2), two projectors, two ingestion services (each running the relay) and two
 * partner APIs, Postgres reached through a proxy of the stack's own (`proxy`; `direct` goes round it),
 * one partner with an unlimited key and one limited to 100 requests, and linked pilots.
 */
export interface ClusterStack {
  cluster: KafkaCluster;
  redis: RedisServer;
  db: TestDatabase;
  proxy: TcpProxy;
  direct: Client;
  env: Record<string, string>;
  topic: string;
  ingestion: AppProcess[];
  projectors: AppProcess[];
  partnerApis: AppProcess[];
  key: string;
  limitedKey: string;
  /** The pilots the workload writes for. */
  pilots: WorkloadPilot[];
  /** The pilots the freshness probe writes for. */
  probes: WorkloadPilot[];
  /** Starts one more app process on the stack (kept for `stopClusterStack` to write its output). */
  start: (name: ClusterApp) => Promise<AppProcess>;
}

/**
 * Starts the stack; whatever started is in `into` as soon as it is up, so that stopClusterStack ends it
 * even when another part failed to start.
 */
export async function startClusterStack(
  into: Partial<ClusterStack> & { everStarted: { name: ClusterApp; app: AppProcess }[] },
  secret: string,
): Promise<ClusterStack> {
  const started = await Promise.allSettled([
    startKafkaCluster({ size: 3 }).then((c) => (into.cluster = c)),
    startRedisServer().then((r) => (into.redis = r)),
    createTestDatabase().then((d) => (into.db = d)),
  ]);
  for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
  const { cluster, redis, db } = into as Required<Pick<ClusterStack, 'cluster' | 'redis' | 'db'>>;
  const proxy = (into.proxy = await TcpProxy.start(db.url));
  const direct = (into.direct = new Client({ connectionString: db.url }));
  await direct.connect();
  const topic = `cluster-${Date.now()}`;
  const env = {
    DATABASE_URL: proxy.rewrite(db.url),
    KAFKA_BROKERS: cluster.brokers,
    KAFKA_REPLICATION_FACTOR: '3',
    KAFKA_MIN_INSYNC_REPLICAS: '2',
    REDIS_URL: redis.url,
    JWT_SECRET: secret,
    PILOT_EVENTS_TOPIC: topic,
    DEAD_LETTER_TOPIC: `${topic}-dead`,
    PILOT_EVENTS_PARTITIONS: '6',
    DATABASE_QUERY_TIMEOUT_MS: '3000',
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
  };
  const start = async (name: ClusterApp): Promise<AppProcess> => {
    // The relay's lease changes and the projectors' group joins are logged at info: what to read if an
    // event goes missing or a failover is slow.
    const own = name === 'partner-api' ? env : { ...env, LOG_LEVEL: 'info' };
    const app = await startAppProcess(name, own, { timeoutMs: 90_000 });
    into.everStarted.push({ name, app });
    return app;
  };
  const topics = startBuiltProcess(join('apps', 'cli', 'src', 'main.js'), ['kafka', 'topics'], env);
  const code = await topics.exited;
  if (code !== 0) throw new Error(`pft kafka topics exited with ${code}: ${topics.output()}`);
  const ingestion = (into.ingestion = [await start('ingestion'), await start('ingestion')]);
  const projectors = (into.projectors = [await start('projector'), await start('projector')]);
  const partnerApis = (into.partnerApis = [await start('partner-api'), await start('partner-api')]);

  const dataSource = await createDataSource(db.url, 1).initialize();
  const partner = await createPartner(dataSource, 'Cluster Test Airline');
  const scopes = ['pilot-totals', 'rating-dictionary'] as const;
  const { key } = await issueApiKey(dataSource, {
    partnerId: partner.partnerId,
    scopes,
    rateLimit: 10_000_000,
  });
  const { key: limitedKey } = await issueApiKey(dataSource, {
    partnerId: partner.partnerId,
    scopes,
    rateLimit: 100,
  });
  await dataSource.destroy();
  const urls = { ingestion: ingestion[0]!.url, partnerApi: partnerApis[1]!.url };
  const pilots = await linkedPilots(urls, key, secret, 24);
  const probes = await linkedPilots(urls, key, secret, 6);
  return {
    cluster,
    redis,
    db,
    proxy,
    direct,
    env,
    topic,
    ingestion,
    projectors,
    partnerApis,
    key,
    limitedKey,
    pilots,
    probes,
    start,
  };
}

/**
 * Stops what started (the lists as the test left them), and writes every app process's output to
 * `outputDir`: what to read when a check fails.
 */
export async function stopClusterStack(
  stack: Partial<ClusterStack> & { everStarted: { name: ClusterApp; app: AppProcess }[] },
  outputDir: string,
): Promise<void> {
  const { ingestion = [], projectors = [], partnerApis = [] } = stack;
  for (const app of ingestion) app.child.kill('SIGCONT');
  await Promise.all([...ingestion, ...projectors, ...partnerApis].map((app) => app.stop()));
  rmSync(outputDir, { recursive: true, force: true });
  mkdirSync(outputDir, { recursive: true });
  for (const { name, app } of stack.everStarted)
    writeFileSync(join(outputDir, `${name}-${app.child.pid}.log`), app.output());
  await stack.direct?.end();
  await stack.proxy?.refuse();
  await Promise.all([stack.cluster?.close(), stack.redis?.close()]);
  await stack.db?.drop();
}
