import { Client } from 'pg';
import { createDataSource } from '@pft/platform';
import { createPartner, issueApiKey } from '@pft/partners';
import {
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  type KafkaBroker,
  linkedPilots,
  type RedisServer,
  startAppProcess,
  startedTogether,
  startKafkaBroker,
  startRedisServer,
  startStandaloneRelay,
  startTogether,
  TcpProxy,
  type TestDatabase,
  type WorkloadPilot,
} from '@pft/testing';

export const SOAK_SECRET = 'soak-under-faults-secret-long-enough-for-hs256';
const PARTITIONS = 6;

type Relay = ReturnType<typeof startStandaloneRelay>;

/**
 * The whole pipeline as production runs it, on services of the soak's own: a Kafka broker, a Redis and
 * a database reached through a proxy (so Postgres can stall without touching the machine's server).
 * One ingestion app (its relay off), two standalone relays, two projectors in one consumer group, two
 * partner APIs. Apps that faults end are started again in place: the arrays always hold the live ones.
 */
export interface SoakStack {
  broker: KafkaBroker;
  redis: RedisServer;
  db: TestDatabase;
  proxy: TcpProxy;
  /** A connection of the soak's own, not through the proxy: what the relays' lease says, the dead letters. */
  direct: Client;
  env: Record<string, string>;
  ingestion: AppProcess;
  relays: Relay[];
  projectors: AppProcess[];
  partnerApis: AppProcess[];
  key: string;
  pilots: WorkloadPilot[];
  startRelay(): Relay;
  startProjector(): Promise<AppProcess>;
  /** Every process started, those faults ended too, by name and pid: whose output to keep. */
  everStarted: { name: string; output: () => string }[];
  close(): Promise<void>;
}

/** Apps start slowly on a busy machine (and a projector after a broker restart): minutes, not seconds. */
const START_TIMEOUT_MS = 180_000;

export async function startSoakStack(pilotCount: number): Promise<SoakStack> {
  const [broker, redis, db] = await startTogether([
    startKafkaBroker(),
    startRedisServer(),
    createTestDatabase(),
  ]);
  const stack: Partial<SoakStack> & Pick<SoakStack, 'relays' | 'projectors' | 'partnerApis' | 'everStarted'> =
    {
      broker,
      redis,
      db,
      relays: [],
      projectors: [],
      partnerApis: [],
      everStarted: [],
    };
  const kept = <T extends { child: { pid?: number }; output: () => string }>(name: string, app: T): T => {
    stack.everStarted.push({ name: `${name}-${app.child.pid}`, output: () => app.output() });
    return app;
  };
  const close = async (): Promise<void> => {
    for (const relay of stack.relays) relay.child.kill('SIGCONT');
    await Promise.all(
      [stack.ingestion, ...stack.projectors, ...stack.partnerApis, ...stack.relays].map((app) =>
        app ? app.stop() : Promise.resolve(),
      ),
    );
    await stack.direct?.end().catch(() => undefined);
    await stack.proxy?.close();
    await Promise.all([broker.close(), redis.close()]);
    await db.drop();
  };
  try {
    const proxy = (stack.proxy = await TcpProxy.start(db.url));
    stack.direct = new Client({ connectionString: db.url });
    await stack.direct.connect();
    const kafka = broker.kafka('pft-soak');
    const topics = [
      await createTestTopic(kafka, 'soak', PARTITIONS),
      await createTestTopic(kafka, 'soak-dead', 1),
    ];
    const env: Record<string, string> = {
      DATABASE_URL: proxy.rewrite(db.url),
      KAFKA_BROKERS: broker.brokers,
      REDIS_URL: redis.url,
      JWT_SECRET: SOAK_SECRET,
      PILOT_EVENTS_TOPIC: topics[0]!,
      DEAD_LETTER_TOPIC: topics[1]!,
      PILOT_EVENTS_PARTITIONS: String(PARTITIONS),
      PROJECTOR_SESSION_TIMEOUT_MS: '6000',
      DATABASE_QUERY_TIMEOUT_MS: '3000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      RELAY_ENABLED: 'false',
    };
    stack.env = env;
    stack.startRelay = () => kept('relay', startStandaloneRelay(env));
    stack.startProjector = async () =>
      kept('projector', await startAppProcess('projector', env, { timeoutMs: START_TIMEOUT_MS }));
    const options = { timeoutMs: START_TIMEOUT_MS };
    const [ingestion, ...rest] = await startedTogether([
      startAppProcess('ingestion', env, options),
      startAppProcess('projector', env, options),
      startAppProcess('projector', env, options),
      startAppProcess('partner-api', env, options),
      startAppProcess('partner-api', env, options),
    ]);
    stack.ingestion = ingestion;
    for (const app of [ingestion, ...rest]) kept(app.name, app);
    stack.projectors.push(...rest.slice(0, 2));
    stack.partnerApis.push(...rest.slice(2));
    stack.relays.push(stack.startRelay(), stack.startRelay());
    const dataSource = await createDataSource(db.url, 1).initialize();
    const partner = await createPartner(dataSource, 'Soak Airline');
    ({ key: stack.key } = await issueApiKey(dataSource, {
      partnerId: partner.partnerId,
      scopes: ['pilot-totals'],
      rateLimit: 10_000_000,
    }));
    await dataSource.destroy();
    stack.pilots = await linkedPilots(
      { ingestion: ingestion.url, partnerApi: stack.partnerApis[0]!.url },
      stack.key,
      SOAK_SECRET,
      pilotCount,
    );
    stack.close = close;
    return stack as SoakStack;
  } catch (err) {
    await close();
    throw err;
  }
}
