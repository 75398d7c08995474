import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform';
import {
  createTestDatabase,
  type KafkaCluster,
  startKafkaCluster,
  type TestDatabase,
  waitFor,
} from '@pft/testing';
import { readTopicBack } from './support/cluster-probes';
import {
  batchInFlight,
  doubledUnaccounted,
  leaseHolder,
  type RelayProcess,
  startRelayProcess,
  sentLateRanges,
  tallyByPhase,
  writeUntilStopped,
} from './support/relay-faults';

/** The figures of the run, written when it ends (bench/results/relay-exactly-once.json keeps a copy). */
const OUTPUT_DIR = join(__dirname, '..', '..', '.stack', 'test-results', 'cluster');
const LEASE_MS = 5000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The relay on its default client, @platformatic/kafka (named explicitly), on a three-node cluster of
 * its own (replication factor 3, min.insync.replicas 2), two standalone relay processes sharing the
 * lease, while writers commit events: the broker leading partitions is killed mid-send, a broker's
 * controlled shutdown moves its partitions' leaders, the active relay's process is killed, and later
 * frozen for longer than its lease and let go. Every event must be on the topic once by event id,
 * each stream's in order; the one exception is a batch the frozen relay reports it sent after its
 * lease moved on (relay-batch-publisher.ts, `sentLate`), which may be there twice.
 */
describe('the relay on @platformatic/kafka publishes each event exactly once under faults', () => {
  let cluster: KafkaCluster;
  let db: TestDatabase;
  let ds: DataSource;
  let direct: Client;
  let env: Record<string, string>;
  let topic: string;
  const relays: RelayProcess[] = [];
  const everStarted: RelayProcess[] = [];
  const startRelay = (): RelayProcess => {
    const relay = startRelayProcess(env);
    relays.push(relay);
    everStarted.push(relay);
    return relay;
  };

  beforeAll(async () => {
    const started = await Promise.allSettled([
      startKafkaCluster({ size: 3 }).then((c) => (cluster = c)),
      createTestDatabase().then((d) => (db = d)),
    ]);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    ds = await createDataSource(db.url, 4).initialize();
    direct = new Client({ connectionString: db.url });
    await direct.connect();
    topic = `relay-once-${Date.now()}`;
    env = {
      DATABASE_URL: db.url,
      KAFKA_BROKERS: cluster.brokers,
      KAFKA_CLIENT: 'platformatic',
      RELAY_KAFKA_CLIENT: 'platformatic',
      KAFKA_REPLICATION_FACTOR: '3',
      KAFKA_MIN_INSYNC_REPLICAS: '2',
      PILOT_EVENTS_TOPIC: topic,
      PILOT_EVENTS_PARTITIONS: '6',
      RELAY_LEASE_MS: String(LEASE_MS),
      DATABASE_QUERY_TIMEOUT_MS: '3000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      // Lease changes and the events found on the topic already are logged at info.
      LOG_LEVEL: 'info',
    };
    startRelay();
    startRelay();
    await leaseHolder(direct, relays, 90_000);
  }, 300_000);

  afterAll(async () => {
    for (const relay of relays) relay.child.kill('SIGCONT');
    await Promise.all(relays.map((r) => r.stop()));
    mkdirSync(OUTPUT_DIR, { recursive: true });
    for (const relay of everStarted)
      writeFileSync(join(OUTPUT_DIR, `relay-once-${relay.child.pid}.log`), relay.output());
    await direct?.end();
    await ds?.destroy();
    await cluster?.close();
    await db?.drop();
  }, 120_000);

  it('loses none, doubles none but what a relay reports sent late, each stream in order', async () => {
    const started = performance.now();
    let phase = 'steady';
    const faults: { phase: string; what: string }[] = [];
    const log = (what: string): void =>
      console.log(`${((performance.now() - started) / 1000).toFixed(1)} s: ${what}`);
    /**
     * Names the phase the commits from now on fall in, lets the relay take some of them, then waits
     * for a batch of the active relay to be in flight (marked, not yet deleted): the fault comes now.
     */
    const fault = async (name: string, what: string): Promise<void> => {
      phase = name;
      faults.push({ phase: name, what });
      await sleep(500);
      await batchInFlight(direct);
      log(`${name}: ${what}`);
    };
    const writes = writeUntilStopped(
      ds,
      { pilots: 60, writers: 2, eventsPerWrite: 3, pauseMs: 20 },
      () => phase,
    );
    await sleep(3000);

    // (a) A broker killed (SIGKILL, no controlled shutdown) mid-send: it leads two of the six
    // partitions (the topic is new, so every preferred replica leads), and a batch of 60 pilots'
    // events goes to every partition. Restarted, it leads none.
    const killed = cluster.node(1);
    await fault(
      'broker killed',
      `SIGKILL of broker ${killed.id}, a partition leader, mid-send; back after 6 s`,
    );
    await killed.kill();
    await sleep(6000);
    await killed.start();
    await sleep(2000);

    // (b) A leader change: another broker's controlled shutdown (SIGTERM) moves the leaders of its
    // partitions to the others mid-send; its restart changes their in-sync replicas again.
    const stopped = cluster.node(2);
    await fault(
      'leader change',
      `controlled shutdown of broker ${stopped.id} mid-send (its leaders move); back after 6 s`,
    );
    await stopped.stop();
    await sleep(6000);
    await stopped.start();
    await sleep(2000);

    // (c) The active relay's process killed mid-send; the standby takes over, a new standby starts.
    for (let round = 1; round <= 3; round++) {
      const victim = await leaseHolder(direct, relays);
      await fault(`relay SIGKILL ${round}`, 'SIGKILL of the relay process holding the lease, mid-send');
      await victim.stop('SIGKILL');
      relays.splice(relays.indexOf(victim), 1);
      startRelay();
      await leaseHolder(direct, relays);
      await sleep(3000);
    }

    // (d) The active relay's process frozen mid-send past its lease, then let go: it must not publish
    // what the relay that took over published meanwhile, unless the freeze fell between its last look
    // at the lease and the send, which it then reports (relay-batch-publisher.ts, `sentLate`).
    for (let round = 1; round <= 3; round++) {
      const frozen = await leaseHolder(direct, relays);
      const frozenMs = LEASE_MS + 3000;
      await fault(
        `relay SIGSTOP ${round}`,
        `SIGSTOP of the relay process holding the lease, mid-send, for ${frozenMs} ms`,
      );
      frozen.child.kill('SIGSTOP');
      await sleep(frozenMs);
      frozen.child.kill('SIGCONT');
      await sleep(3000);
    }
    phase = 'after the faults';
    await sleep(2000);
    const written = await writes.stop();
    log(`${written.length} events written`);

    await waitFor(
      async () => {
        const { rows } = await direct.query<{ n: number }>('select count(*)::int as n from event_outbox');
        return rows[0]!.n === 0 ? true : undefined;
      },
      120_000,
      'the outbox emptied',
    );
    const { places, outOfTurn } = await readTopicBack(cluster.kafka('relay-once-read-back'), topic);
    const tallies = tallyByPhase(written, places);
    const foundOnTopic = everStarted
      .flatMap((r) => [...r.output().matchAll(/(\d+) events in flight were on the topic already/g)])
      .reduce((sum, m) => sum + Number(m[1]), 0);
    const late = everStarted.flatMap((r) => sentLateRanges(r.output()));
    const sentLate = late.reduce((n, r) => n + r.events, 0);
    const unaccounted = doubledUnaccounted(written, places, late);
    const figures = {
      test: 'test/cluster/relay-exactly-once.cluster-spec.ts',
      when: new Date().toISOString(),
      client: '@platformatic/kafka',
      cluster: '3 KRaft nodes, replication factor 3, min.insync.replicas 2, 6 partitions',
      relays: '2 standalone relay processes, lease 5000 ms',
      events: written.length,
      onTopic: places.size,
      lost: tallies.reduce((n, t) => n + t.lost, 0),
      doubled: tallies.reduce((n, t) => n + t.doubled, 0),
      outOfTurn: outOfTurn.length,
      inFlightFoundOnTopic: foundOnTopic,
      sentLate,
      byPhase: tallies.map((t) => ({ ...t, fault: faults.find((f) => f.phase === t.phase)?.what ?? null })),
    };
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(join(OUTPUT_DIR, 'relay-exactly-once.json'), `${JSON.stringify(figures, null, 2)}\n`);
    log(JSON.stringify(figures));

    expect(written.length).toBeGreaterThan(0);
    // An event is on the topic twice only when a relay said it sent it late (frozen between its
    // last look at the lease and the send, let go after the next holder had looked at the topic).
    expect({
      onTopic: places.size,
      lost: tallies.filter((t) => t.lost > 0),
      doubledWithoutLateSend: unaccounted.slice(0, 10),
      outOfTurn: outOfTurn.slice(0, 10),
    }).toEqual({ onTopic: written.length, lost: [], doubledWithoutLateSend: [], outOfTurn: [] });
  }, 600_000);
});
