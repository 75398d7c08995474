/**
 * The projector's fold beside its floors, per Kafka client: BENCH_EVENTS logbook events of BENCH_PILOTS
 * pilots on a fresh topic, laid out as the relay publishes them, read once by each floor (write-floor.ts:
 * each event as one narrow row on the apps' default client; the projection's own rows on each client),
 * then folded into Postgres by the projector app on each client of BENCH_KAFKA_CLIENTS (BENCH_PROJECTORS
 * replicas in one consumer group), rounds alternating the clients' order, then rebuilt by `pft projections
 * rebuild` on each, once with each count of fold threads of BENCH_REBUILD_THREADS (the CLI's default, then
 * 1; the first is the goal's). Each a Node process of its own from the tests' build. Settings
 * (bench/README.md): BENCH_EVENTS (1,000,000), BENCH_PILOTS (10,000), BENCH_PARTITIONS (12),
 * BENCH_EVENTS_PER_ROUND (1,000,000), BENCH_PROJECTORS (1), BENCH_REPEATS (2), BENCH_REBUILD_THREADS. Writes bench/results/projector.json, or
 * projector-10m.json from 10,000,000 events, so that the rebuild goal's figure outlives the runs after it.
 */
import { type KafkaClientName } from '@pft/platform';
import { defaultRebuildMembers } from '@pft/totals';
import { createTestDatabase, testKafka, type TestDatabase, TEST_KAFKA_BROKERS } from '@pft/testing';
import { benchmark, benchSetting, BenchRun, median, roundOrder } from '../support/bench-run';
import { APP_DEFAULT_KAFKA_CLIENT, benchKafkaClients } from '../support/kafka-clients';
import { publishBenchEvents, topicEnd } from './bench-events';
import {
  type ProjectorRun,
  type ProjectorTarget,
  type RebuildRun,
  runProjector,
  runRebuild,
} from './projector-run';
import { measureWriteFloors } from './write-floor';

const EVENTS = benchSetting('EVENTS', 1_000_000);
const PILOTS = benchSetting('PILOTS', 10_000);
const PARTITIONS = benchSetting('PARTITIONS', 12);
const REPLICAS = benchSetting('PROJECTORS', 1);
const REPEATS = Math.max(1, benchSetting('REPEATS', 2));
/** Fold threads of each rebuild, in order: the CLI's default first (the goal's figure), then one. */
const REBUILD_THREADS = [
  ...new Set(
    (process.env.BENCH_REBUILD_THREADS ?? `${defaultRebuildMembers()},1`)
      .split(',')
      .map((n) => Number(n.trim())),
  ),
];
if (REBUILD_THREADS.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error(
    `BENCH_REBUILD_THREADS: whole numbers from 1 up, comma-separated, not ${REBUILD_THREADS.join(',')}`,
  );
/** The apps' default client first: its figures are the goals'. */
const CLIENTS = benchKafkaClients();
const GOAL_CLIENT = CLIENTS[0]!;

/** A client's projector runs, round by round, summed up by their medians. */
function projectorSummary(client: KafkaClientName, runs: ProjectorRun[], events: number) {
  const of = (pick: (r: ProjectorRun) => number): number => median(runs.map(pick));
  return {
    kafka_client: client,
    replicas: REPLICAS,
    fold_seconds: of((r) => r.fold_seconds),
    fold_events: of((r) => r.fold_events),
    events_per_second: of((r) => r.events_per_second),
    seconds_from_process_start: of((r) => r.seconds_from_process_start),
    events_per_second_from_process_start: events / of((r) => r.seconds_from_process_start),
    note: "from the first poll (every 20 ms) that found a batch stored until every partition's stored offset reached the end, the events stored by then left out; the median of the rounds",
    runs,
  };
}

benchmark(
  'projector: events per second into Postgres beside its floors, per Kafka client, and a full rebuild',
  new BenchRun(EVENTS >= 10_000_000 ? 'projector-10m' : 'projector'),
  async (bench) => {
    const kafka = testKafka('pft-bench');
    const topic = await bench.topic(kafka, 'bench-projector', PARTITIONS);
    const dlq = await bench.topic(kafka, 'bench-projector-dlq', 1);
    const published = await publishBenchEvents(kafka, topic, {
      events: EVENTS,
      pilots: PILOTS,
      perRound: benchSetting('EVENTS_PER_ROUND', 1_000_000),
    });
    const { events } = published;
    const target = (databaseUrl: string): ProjectorTarget => ({
      databaseUrl,
      brokers: TEST_KAFKA_BROKERS,
      topic,
      deadLetterTopic: dlq,
      ends,
      events,
    });
    const ends = await topicEnd(kafka, topic);
    const floors = await measureWriteFloors(topic, events, CLIENTS);

    const runs = new Map<KafkaClientName, ProjectorRun[]>(CLIENTS.map((c) => [c, []]));
    // Each client's newest fold's database, which its rebuild rebuilds.
    const databases = new Map<KafkaClientName, TestDatabase>();
    bench.defer(async () => {
      for (const db of databases.values()) await db.drop();
    });
    for (let round = 0; round < REPEATS; round++) {
      for (const client of roundOrder(CLIENTS, round)) {
        // The last round's database goes before this round's fold, so that dropping it weighs on neither.
        await databases.get(client)?.drop();
        databases.delete(client);
        const db = await createTestDatabase();
        databases.set(client, db);
        const run = await runProjector(target(db.url), client, REPLICAS);
        runs.get(client)!.push(run);
        console.log(`round ${round + 1}, ${client}: projector ${run.events_per_second.toFixed(0)} events/s`);
      }
    }
    // Each rebuild builds the next version of the client's newest fold from offset 0.
    const rebuilds = new Map<KafkaClientName, RebuildRun[]>(CLIENTS.map((c) => [c, []]));
    for (const client of roundOrder(CLIENTS, REPEATS)) {
      for (const threads of REBUILD_THREADS) {
        const run = await runRebuild(target(databases.get(client)!.url), client, threads);
        rebuilds.get(client)!.push(run);
        console.log(`rebuild (${client}, fold threads: ${threads}): ${run.seconds.toFixed(1)} s`);
      }
    }

    const byClient = Object.fromEntries(
      CLIENTS.map((client) => {
        const projector = projectorSummary(client, runs.get(client)!, events);
        const rowsFloorRate = events / floors.rowsSeconds[client]!;
        return [
          client,
          {
            projector,
            rebuild: rebuilds.get(client)![0],
            rebuild_runs: rebuilds.get(client),
            projection_rows_floor: {
              events_per_second: rowsFloorRate,
              projector_share: projector.events_per_second / rowsFloorRate,
            },
          },
        ];
      }),
    );
    const goal = byClient[GOAL_CLIENT]!;
    const result = {
      events,
      pilots: PILOTS,
      partitions: PARTITIONS,
      generate_seconds: published.generateSeconds,
      publish_seconds: published.publishSeconds,
      make_and_publish_seconds: published.seconds,
      kafka_clients: CLIENTS,
      app_default_kafka_client: APP_DEFAULT_KAFKA_CLIENT,
      repeats: REPEATS,
      write_floor: {
        kafka_client: GOAL_CLIENT,
        seconds: floors.narrowSeconds,
        events_per_second: events / floors.narrowSeconds,
        note: 'bench/projector/write-floor.ts: each event parsed and stored as one narrow row, one INSERT and commit per batch, nothing else; from the first batch to the last',
      },
      projection_rows_floor: {
        kafka_client: GOAL_CLIENT,
        seconds: floors.rowsSeconds[GOAL_CLIENT],
        ...goal.projection_rows_floor,
        note: "bench/projector/write-floor.ts: each event parsed, and per batch the projector's rows (a row per flight, a row per pilot with the batch's sums added) upserted into tables made by its own DDL, in one transaction with synchronous_commit off, nothing else; from the first batch to the last",
      },
      projector: goal.projector,
      rebuild: goal.rebuild,
      rebuild_runs: goal.rebuild_runs,
      by_client: byClient,
      goals: { projector_share_of_projection_rows_floor: 0.6, rebuild_10m_seconds: 300 },
    };
    console.log(`results in ${bench.write(result)}`);
  },
  7_200_000,
);
