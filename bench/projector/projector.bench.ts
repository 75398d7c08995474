/**
 * The projector's throughput, per Kafka client: N logbook events of P pilots on a fresh topic, laid
 * out as the relay publishes them (relayMessageValue), read once by a consumer of the apps' Kafka
 * client that stores each as one narrow row (the write floor: what one row of state per event costs
 * at least), then, for each client of BENCH_KAFKA_CLIENTS in turn, read by that client's consumer
 * that discards them and folded into Postgres by the projector
 * app started with KAFKA_CLIENT set to that client, then rebuilt into a new version by
 * `pft projections rebuild` on each client. Each runs as a plain Node process of its own, the
 * projector and the CLI from the build as in production: in jest's sandbox (every global look-up
 * goes through it) the same projector code ran at half its speed. Each client's fold is a share of
 * its own consume-and-discard, measured before it in the same round; the rounds alternate the
 * clients' order (A B, B A, ...) so drifting noise hits both alike, and each figure is the median of
 * BENCH_REPEATS rounds. The result goes to bench/results/projector.json; a run of 10,000,000 events
 * or more to projector-10m.json, so that the rebuild goal's figure outlives the default runs after it.
 *
 *   npm run build:test && npx jest bench/projector/ --selectProjects bench --runInBand --testTimeout 3600000
 *   (BENCH_EVENTS, BENCH_PILOTS, BENCH_PARTITIONS, BENCH_EVENTS_PER_ROUND change the defaults of
 *   1,000,000 / 10,000 / 12 / 1,000,000; BENCH_PROJECTORS runs that many projector replicas in one
 *   consumer group instead of one; BENCH_KAFKA_CLIENTS, default "kafkajs,platformatic";
 *   BENCH_REPEATS, default 2)
 *
 * What sealing costs: the same events are also published with the pilots' logbook payloads sealed (as
 * the service stores them now), to a topic of their own; each round, beside the goal client's projector
 * on the plain topic, a projector on that client folds the sealed topic into a database holding the
 * pilots' data keys. `sealed.ratio_to_plain` is the median of each round's sealed fold over the plain
 * one beside it (goal: 0.85 or better); the sealed fold comes after the plain one in the first round
 * and before it in the next, by turns, so that what a fold leaves Postgres doing weighs on both alike.
 *
 * BENCH_SEALED_BASELINE, another revision of the service (built in a temporary worktree, as the
 * compare benchmarks build theirs, and recorded in the result), or BENCH_SEALED_BASELINE_BUILD, the
 * directory of another build (made with `tsc -p tsconfig.build.json --outDir …` and `tsc-alias` in a
 * worktree of it): each round, the goal client's projector from that build also folds the sealed topic, into a
 * database of its own, just before this build's sealed fold in odd rounds and just after it in even
 * ones; `sealed.baseline.ratio` is the median of each round's sealed fold over that build's beside it,
 * what a change to the sealed path is worth beside this machine's noise.
 *
 * The events are made and published about a million at a time (a group of pilots each), so a run of
 * 10,000,000 (`npm run bench:rebuild-10m`) never holds more than that in memory.
 */
import { type KafkaClient, type KafkaClientName } from '@pft/platform';
import {
  createTestDatabase,
  relayMessageValue,
  testKafka,
  type TestDatabase,
  TEST_KAFKA_BROKERS,
} from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages } from '@pft/testing/oracle';
import { benchmark, benchSetting, BenchRun } from '../support/bench-run';
import {
  APP_DEFAULT_KAFKA_CLIENT,
  benchKafkaClients,
  goalKafkaClient,
  median,
  roundOrder,
} from '../support/kafka-clients';
import { buildRevision, revisionOf } from '../compare/compared-builds';
import { benchHistories } from './bench-histories';
import { SealedBenchEvents } from './sealed-bench-events';
import { consumeAndDiscard } from './consume-and-discard';
import { type ProjectorRun, type ProjectorTarget, runProjector, runRebuild } from './projector-run';
import { measureWriteFloors } from './write-floor';

const EVENTS = benchSetting('EVENTS', 1_000_000);
const PILOTS = benchSetting('PILOTS', 10_000);
const PARTITIONS = benchSetting('PARTITIONS', 12);
const REPLICAS = benchSetting('PROJECTORS', 1);
const CLIENTS = benchKafkaClients();
const REPEATS = Math.max(1, benchSetting('REPEATS', 2));
const GOAL_CLIENT = goalKafkaClient(CLIENTS);
/** Another build whose projector also folds the sealed topic each round (see above); none by default. */
const SEALED_BASELINE = {
  revision: process.env.BENCH_SEALED_BASELINE,
  build: process.env.BENCH_SEALED_BASELINE_BUILD,
};
const SEALED_BESIDE_BASELINE = Boolean(SEALED_BASELINE.revision ?? SEALED_BASELINE.build);

/** A fold's CPU per event, as a run's log line tells it. */
const cpuOf = ({ cpu_us_per_event: c, machine_busy_share: busy }: ProjectorRun): string => {
  const t = c.projector_threads;
  const threads = t
    ? ` (event loop ${t.event_loop}, worker threads ${t.worker_threads}, V8 helpers ${t.v8_helpers}, libuv pool ${t.libuv_pool})`
    : '';
  return (
    `CPU per event: projector ${c.projector} µs${threads}, Postgres ${c.postgres}, Kafka ${c.kafka}; ` +
    `machine ${c.machine_busy} busy (${(100 * busy).toFixed(0)}% of its cores), ${c.machine_steal} stolen`
  );
};

const seconds = (from: bigint): number => Number(process.hrtime.bigint() - from) / 1e9;

/** Events made and held in memory at a time. */
const EVENTS_PER_ROUND = benchSetting('EVENTS_PER_ROUND', 1_000_000);

/**
 * The rebuild goal is for 10,000,000 events: such a run keeps a result of its own; so does a run beside
 * another build's sealed fold, so that the default run's figures stay the report's.
 */
const RESULT =
  EVENTS >= 10_000_000 ? 'projector-10m' : SEALED_BESIDE_BASELINE ? 'projector-sealed-builds' : 'projector';
/** Messages of each kind whose decoding alone is timed in this process (decode-cost.ts). */
const DECODE_SAMPLE = 100_000;

/**
 * Makes EVENTS events of PILOTS pilots and publishes them, a group of pilots at a time; returns
 * how many, and the seconds spent making and publishing them.
 */
async function publishBenchEvents(
  kafka: KafkaClient,
  topic: string,
  sealed: { topic: string; events: SealedBenchEvents },
): Promise<{
  events: number;
  generateSeconds: number;
  publishSeconds: number;
  /** The first round's messages as published, plain and sealed (at most DECODE_SAMPLE of each). */
  sample: { plain: (Buffer | string)[]; sealed: (Buffer | string)[] };
}> {
  const perPilot = Math.ceil(EVENTS / PILOTS);
  const pilotsPerRound = Math.max(1, Math.floor(EVENTS_PER_ROUND / perPilot));
  let events = 0;
  let generateSeconds = 0;
  let publishSeconds = 0;
  const sample: { plain: (Buffer | string)[]; sealed: (Buffer | string)[] } = { plain: [], sealed: [] };
  for (let first = 0; first < PILOTS && events < EVENTS; first += pilotsPerRound) {
    let t = process.hrtime.bigint();
    const histories = benchHistories(Math.min(pilotsPerRound, PILOTS - first), perPilot, 1 + first);
    const messages = asKafkaMessages(
      historyMessages(histories, { positionsBefore: events }),
      relayMessageValue,
    ).slice(0, EVENTS - events);
    generateSeconds += seconds(t);
    t = process.hrtime.bigint();
    await publishMessages(kafka, topic, messages, 2000);
    publishSeconds += seconds(t);
    const sealedMessages = sealed.events.seal(messages);
    await publishMessages(kafka, sealed.topic, sealedMessages, 2000);
    if (sample.plain.length === 0) {
      sample.plain = messages.slice(0, DECODE_SAMPLE).map((m) => m.value);
      sample.sealed = sealedMessages.slice(0, DECODE_SAMPLE).map((m) => m.value);
    }
    events += messages.length;
    console.log(`published ${events} of ${EVENTS} events`);
  }
  return { events, generateSeconds, publishSeconds, sample };
}

async function topicEnd(kafka: KafkaClient, topic: string): Promise<Map<number, number>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return new Map((await admin.fetchTopicOffsets(topic)).map((o) => [o.partition, Number(o.high)]));
  } finally {
    await admin.disconnect();
  }
}

/** One client's runs: each round's consume-and-discard, then its projector, then one rebuild. */
interface ClientRuns {
  discard: { seconds: number; events_per_second: number; seconds_from_start: number }[];
  projector: (ProjectorRun & { ratio_to_discard: number })[];
  rebuild?: { seconds: number; events_per_second: number };
  /** The database of its newest projector run, which its rebuild rebuilds. */
  database?: TestDatabase;
}

/** A client's figures: every run, and the median of its rounds. */
function clientSummary(client: KafkaClientName, runs: ClientRuns, events: number) {
  const projector = runs.projector;
  return {
    consume_and_discard: {
      kafka_client: client,
      seconds: median(runs.discard.map((r) => r.seconds)),
      events_per_second: median(runs.discard.map((r) => r.events_per_second)),
      note: "from the first batch to the last message, at most 10 MB a fetch, the median of the rounds; each run's seconds_from_start also counts the consumer's start and group join",
      runs: runs.discard,
    },
    projector: {
      kafka_client: client,
      replicas: REPLICAS,
      // Timed like the consume-and-discard baseline: from the first batch to the last.
      fold_seconds: median(projector.map((r) => r.fold_seconds)),
      fold_events: median(projector.map((r) => r.fold_events)),
      events_per_second: median(projector.map((r) => r.events_per_second)),
      // Each run against the consume-and-discard of the same client just before it.
      ratio_to_discard: median(projector.map((r) => r.ratio_to_discard)),
      note: "from the first poll (every 20 ms) that found a batch stored until every partition's stored offset reached the end; the events stored by that first poll are left out; the median of the rounds, ratio_to_discard the median of each round's fold over the same client's consume-and-discard just before it",
      seconds_from_process_start: median(projector.map((r) => r.seconds_from_process_start)),
      events_per_second_from_process_start:
        events / median(projector.map((r) => r.seconds_from_process_start)),
      note_from_process_start:
        "from the projector apps' process start (boot and group join included) until every partition's stored offset reached the end",
      runs: projector,
    },
    rebuild: {
      kafka_client: client,
      ...runs.rebuild,
      note: '`pft projections rebuild pilot_totals` from the build, from process start to exit',
    },
  };
}

async function runProjectorBenchmark(bench: BenchRun): Promise<void> {
  const baselineBuild = SEALED_BASELINE.revision
    ? buildRevision(bench, SEALED_BASELINE.revision)
    : SEALED_BASELINE.build;
  const kafka = testKafka('pft-bench');
  const topic = await bench.topic(kafka, 'bench-projector', PARTITIONS);
  const dlq = await bench.topic(kafka, 'bench-projector-dlq', 1);
  const runs = new Map<KafkaClientName, ClientRuns>(CLIENTS.map((c) => [c, { discard: [], projector: [] }]));
  bench.defer(async () => {
    for (const own of runs.values()) await own.database?.drop();
  });
  const sealedTopic = await bench.topic(kafka, 'bench-projector-sealed', PARTITIONS);
  const sealedEvents = new SealedBenchEvents();
  const { events, generateSeconds, publishSeconds, sample } = await publishBenchEvents(kafka, topic, {
    topic: sealedTopic,
    events: sealedEvents,
  });
  const ends = await topicEnd(kafka, topic);
  const sealedEnds = await topicEnd(kafka, sealedTopic);
  const sealedRuns: (ProjectorRun & { ratio_to_plain: number; folded: 'before' | 'after' })[] = [];
  const baselineRuns: (ProjectorRun & { ratio: number; folded: 'before' | 'after' })[] = [];
  console.log(`published ${events} events in ${publishSeconds.toFixed(1)} s`);
  const decodeCost = await sealedEvents.decodeCost(sample);
  console.log(
    `decoding alone: ${decodeCost.plain_us_per_event} µs per event plain, ${decodeCost.sealed_us_per_event} µs sealed`,
  );

  // Once per run: it measures what Postgres takes for a row per event, whichever client reads.
  // The goal client first: its narrow-row floor is the one kept.
  const floors = await measureWriteFloors(topic, events, [
    GOAL_CLIENT,
    ...CLIENTS.filter((c) => c !== GOAL_CLIENT),
  ]);
  const floorSeconds = floors.narrowSeconds;
  const rowsFloorSeconds = floors.rowsSeconds[GOAL_CLIENT]!;

  const target = (databaseUrl: string): ProjectorTarget => ({
    databaseUrl,
    brokers: TEST_KAFKA_BROKERS,
    topic,
    deadLetterTopic: dlq,
    ends,
    events,
  });
  for (let round = 0; round < REPEATS; round++) {
    for (const client of roundOrder(CLIENTS, round)) {
      const own = runs.get(client)!;
      const discard = await consumeAndDiscard(TEST_KAFKA_BROKERS, topic, events, client);
      const discardRate = events / discard.seconds;
      own.discard.push({ ...discard, events_per_second: discardRate });
      console.log(`round ${round + 1}, ${client}: consume-and-discard ${discardRate.toFixed(0)} events/s`);

      // The last round's database goes before this round's folds, so that dropping it weighs on neither.
      await own.database?.drop();
      own.database = undefined;
      const db = await createTestDatabase();
      // The goal client also folds the sealed topic, beside the plain fold: sealed first in odd rounds,
      // so that what one fold leaves Postgres doing (writing back a million events' rows) falls on each
      // kind as often. Both databases are dropped only after both folds.
      const sealedDb = client === GOAL_CLIENT ? await createTestDatabase() : undefined;
      const sealedFirst = round % 2 === 1;
      try {
        if (sealedDb) await sealedEvents.storeKeys(sealedDb.url);
        // The baseline build's projector on the sealed topic, in a database of its own holding the keys.
        const foldSealedByBaseline = async (): Promise<ProjectorRun> => {
          const baselineDb = await createTestDatabase();
          try {
            await sealedEvents.storeKeys(baselineDb.url);
            return await runProjector(
              { ...target(baselineDb.url), topic: sealedTopic, ends: sealedEnds },
              client,
              REPLICAS,
              undefined,
              baselineBuild,
            );
          } finally {
            await baselineDb.drop();
          }
        };
        const foldSealed = (): Promise<ProjectorRun> =>
          runProjector(
            { ...target(sealedDb!.url), topic: sealedTopic, ends: sealedEnds },
            client,
            REPLICAS,
            (from, to) =>
              bench.recordSpan(`projector fold on sealed payloads, ${client}, round ${round + 1}`, from, to),
          );
        // This build's sealed fold, with the baseline build's beside it when there is one.
        const baselineFolded = round % 2 === 0 ? 'before' : 'after';
        const foldSealedBeside = async (): Promise<[ProjectorRun, ProjectorRun | undefined]> => {
          const before =
            baselineBuild && baselineFolded === 'before' ? await foldSealedByBaseline() : undefined;
          const current = await foldSealed();
          const after =
            baselineBuild && baselineFolded === 'after' ? await foldSealedByBaseline() : undefined;
          return [current, before ?? after];
        };
        const sealedBefore = sealedDb && sealedFirst ? await foldSealedBeside() : undefined;
        const run = await runProjector(target(db.url), client, REPLICAS, (from, to) =>
          bench.recordSpan(`projector fold, ${client}, round ${round + 1}`, from, to),
        );
        own.projector.push({ ...run, ratio_to_discard: run.events_per_second / discardRate });
        own.database = db;
        console.log(
          `round ${round + 1}, ${client}: projector ${run.events_per_second.toFixed(0)} events/s folding ` +
            `(${(run.events_per_second / discardRate).toFixed(2)}x its consume-and-discard), ` +
            `${run.events_per_second_from_process_start.toFixed(0)} events/s from process start; ${cpuOf(run)}`,
        );
        const [sealed, baseline] = sealedBefore ?? (sealedDb ? await foldSealedBeside() : []);
        if (sealed && baseline) {
          const ratio = sealed.events_per_second / baseline.events_per_second;
          baselineRuns.push({ ...baseline, ratio, folded: baselineFolded });
          console.log(
            `round ${round + 1}, ${client}: projector of ${baselineBuild} on sealed payloads ` +
              `${baseline.events_per_second.toFixed(0)} events/s (this build ${ratio.toFixed(2)}x of it); ${cpuOf(baseline)}`,
          );
        }
        if (sealed) {
          const ratio = sealed.events_per_second / run.events_per_second;
          sealedRuns.push({ ...sealed, ratio_to_plain: ratio, folded: sealedFirst ? 'before' : 'after' });
          console.log(
            `round ${round + 1}, ${client}: projector on sealed payloads ${sealed.events_per_second.toFixed(0)} events/s ` +
              `(${ratio.toFixed(2)}x the plain run ${sealedFirst ? 'just after' : 'just before'}); ${cpuOf(sealed)}`,
          );
        }
      } finally {
        if (own.database !== db) await db.drop();
        await sealedDb?.drop();
      }
    }
  }

  for (const client of roundOrder(CLIENTS, REPEATS)) {
    const own = runs.get(client)!;
    const rebuild = await runRebuild(target(own.database!.url), client);
    own.rebuild = { seconds: rebuild.seconds, events_per_second: rebuild.events_per_second };
    console.log(`rebuild (${client}): ${rebuild.seconds.toFixed(1)} s`);
  }

  const byClient = Object.fromEntries(
    CLIENTS.map((c) => {
      const summary = clientSummary(c, runs.get(c)!, events);
      const rowsFloorRate = events / floors.rowsSeconds[c]!;
      return [
        c,
        {
          ...summary,
          projection_rows_floor: {
            events_per_second: rowsFloorRate,
            projector_share: summary.projector.events_per_second / rowsFloorRate,
          },
        },
      ];
    }),
  );
  const goalFigures = byClient[GOAL_CLIENT]!;
  const result = {
    events,
    pilots: PILOTS,
    partitions: PARTITIONS,
    generate_seconds: generateSeconds,
    publish_seconds: publishSeconds,
    kafka_clients: CLIENTS,
    app_default_kafka_client: APP_DEFAULT_KAFKA_CLIENT,
    repeats: REPEATS,
    // The figures of GOAL_CLIENT, judged against the goals; every client's in by_client.
    consume_and_discard: goalFigures.consume_and_discard,
    write_floor: {
      kafka_client: GOAL_CLIENT,
      seconds: floorSeconds,
      events_per_second: events / floorSeconds,
      ratio_to_discard: goalFigures.consume_and_discard.seconds / floorSeconds,
      note: 'bench/projector/write-floor.ts: each event parsed and stored as one narrow row, one INSERT and commit per batch, nothing else; from the first batch to the last; measured once per run',
    },
    // The floor as the performance issue defines it: the projection's own rows written in batch.
    projection_rows_floor: {
      kafka_client: GOAL_CLIENT,
      seconds: rowsFloorSeconds,
      events_per_second: events / rowsFloorSeconds,
      projector_share: goalFigures.projector.events_per_second / (events / rowsFloorSeconds),
      note: "bench/projector/write-floor.ts: each event parsed, and per batch the projector's rows (a row per flight, a row per pilot with the batch's sums added) upserted into tables made by its own DDL, in one transaction with synchronous_commit off, nothing else; from the first batch to the last; measured once per run",
    },
    projector: goalFigures.projector,
    sealed: {
      kafka_client: GOAL_CLIENT,
      events_per_second: median(sealedRuns.map((r) => r.events_per_second)),
      ratio_to_plain: median(sealedRuns.map((r) => r.ratio_to_plain)),
      note: "the projector folding the same events with each pilot's logbook payloads sealed (AES-256-GCM, a data key per pilot, keys read from data_keys a batch at a time); ratio_to_plain: each round's sealed fold over the plain one beside it (folded before it in odd rounds, after it in even ones: runs[].folded), the median of the rounds",
      runs: sealedRuns,
      ...(baselineBuild && {
        baseline: {
          build: baselineBuild,
          revision: SEALED_BASELINE.revision && revisionOf(SEALED_BASELINE.revision),
          events_per_second: median(baselineRuns.map((r) => r.events_per_second)),
          ratio: median(baselineRuns.map((r) => r.ratio)),
          note: "the same sealed topic folded each round by the projector of another build (BENCH_SEALED_BASELINE or BENCH_SEALED_BASELINE_BUILD), just before this build's sealed fold in odd rounds and just after it in even ones: runs[].folded; ratio: the median of each round's sealed fold over that build's",
          runs: baselineRuns,
        },
      }),
      // What opening the payloads costs alone, beside what sealing adds to the fold per event.
      decode_cost: decodeCost,
      fold_extra_us_per_event:
        1e6 / median(sealedRuns.map((r) => r.events_per_second)) -
        1e6 / goalFigures.projector.events_per_second,
    },
    rebuild: goalFigures.rebuild,
    by_client: byClient,
    goals: {
      events_per_second: 50_000,
      ratio_to_discard: 0.4,
      rebuild_10m_seconds: 300,
      sealed_ratio_to_plain: 0.85,
      projector_share_of_projection_rows_floor: 0.6,
    },
  };
  console.log(`results in ${bench.write(result)}`);
}

benchmark(
  'projector: events per second into Postgres beside consume-and-discard, per Kafka client, and a full rebuild',
  new BenchRun(RESULT),
  runProjectorBenchmark,
  7_200_000,
);
