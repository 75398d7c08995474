/**
 * The projector's throughput: N logbook events of P pilots on a fresh topic, read once by a
 * consumer of the apps' Kafka client that discards them, once by one that stores each as one narrow row (the write
 * floor: what one row of state per event costs at least), then folded into Postgres by the projector
 * app, then rebuilt into a new version by `pft projections rebuild`. Each of the four runs as a plain
 * Node process of its own, the projector and the CLI from the build as in production: in jest's
 * sandbox (every global look-up goes through it) the same projector code ran at half its speed.
 * Results go to bench/results/projector-<time>.json.
 *
 *   npm run build && npx jest bench/projector/ --selectProjects bench --runInBand --testTimeout 3600000
 *   (BENCH_EVENTS, BENCH_PILOTS, BENCH_PARTITIONS, BENCH_EVENTS_PER_ROUND change the defaults of
 *   1,000,000 / 10,000 / 12 / 1,000,000; BENCH_PROJECTORS runs that many projector replicas in one
 *   consumer group instead of one)
 *
 * The events are made and published about a million at a time (a group of pilots each), so a run of
 * 10,000,000 (`npm run bench:rebuild-10m`) never holds more than that in memory.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { type DataSource } from 'typeorm';
import { createDataSource, type KafkaClient } from '@pft/platform';
import {
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  startAppProcess,
  startBuiltProcess,
  testKafka,
  TEST_KAFKA_BROKERS,
} from '@pft/testing';
import { asKafkaMessages, historyMessages, publishMessages } from '@pft/testing/oracle';
import { benchHistories } from './bench-histories';
import { consumeAndDiscard } from './consume-and-discard';
import { consumeAndStore } from './write-floor';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PILOTS = Number(process.env.BENCH_PILOTS ?? 10_000);
const PARTITIONS = Number(process.env.BENCH_PARTITIONS ?? 12);
const REPLICAS = Number(process.env.BENCH_PROJECTORS ?? 1);

const seconds = (from: bigint): number => Number(process.hrtime.bigint() - from) / 1e9;

/** Events made and held in memory at a time. */
const EVENTS_PER_ROUND = Number(process.env.BENCH_EVENTS_PER_ROUND ?? 1_000_000);

/**
 * Makes EVENTS events of PILOTS pilots and publishes them, a group of pilots at a time; returns
 * how many, and the seconds spent making and publishing them.
 */
async function publishBenchEvents(
  kafka: KafkaClient,
  topic: string,
): Promise<{ events: number; generateSeconds: number; publishSeconds: number }> {
  const perPilot = Math.ceil(EVENTS / PILOTS);
  const pilotsPerRound = Math.max(1, Math.floor(EVENTS_PER_ROUND / perPilot));
  let events = 0;
  let generateSeconds = 0;
  let publishSeconds = 0;
  for (let first = 0; first < PILOTS && events < EVENTS; first += pilotsPerRound) {
    let t = process.hrtime.bigint();
    const histories = benchHistories(Math.min(pilotsPerRound, PILOTS - first), perPilot, 1 + first);
    const messages = asKafkaMessages(historyMessages(histories, { positionsBefore: events })).slice(
      0,
      EVENTS - events,
    );
    generateSeconds += seconds(t);
    t = process.hrtime.bigint();
    await publishMessages(kafka, topic, messages, 2000);
    publishSeconds += seconds(t);
    events += messages.length;
    console.log(`published ${events} of ${EVENTS} events`);
  }
  return { events, generateSeconds, publishSeconds };
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

/** When the projector first had a batch stored, and how many events it had stored by then. */
interface CaughtUp {
  firstStoredAt: bigint;
  storedAtFirst: number;
  caughtUpAt: bigint;
}

/**
 * Polls the stored offsets of `version` until every partition reached its end. The first poll that
 * finds any offset stored marks the start of folding (the consume-and-discard baseline is timed from
 * its first batch alike); the events stored by then are left out of the steady rate.
 */
async function waitCaughtUp(
  dataSource: DataSource,
  version: number,
  ends: Map<number, number>,
): Promise<CaughtUp> {
  let first: { at: bigint; stored: number } | undefined;
  for (;;) {
    const rows: { kafka_partition: number; next_offset: string }[] = await dataSource.query(
      `select kafka_partition, next_offset from projection_offsets where version = $1`,
      [version],
    );
    const now = process.hrtime.bigint();
    const stored = new Map(rows.map((r) => [r.kafka_partition, Number(r.next_offset)]));
    const storedEvents = [...stored.values()].reduce((sum, next) => sum + next, 0);
    if (first === undefined && storedEvents > 0) first = { at: now, stored: storedEvents };
    if ([...ends].every(([p, high]) => high === 0 || stored.get(p) === high)) {
      return { firstStoredAt: first?.at ?? now, storedAtFirst: first?.stored ?? 0, caughtUpAt: now };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function runProjectorBenchmark(): Promise<void> {
  const kafka = testKafka('pft-bench');
  const db = await createTestDatabase();
  const dataSource = await createDataSource(db.url, 12).initialize();
  const topic = await createTestTopic(kafka, 'bench-projector', PARTITIONS);
  const dlq = await createTestTopic(kafka, 'bench-projector-dlq', 1);
  try {
    const { events, generateSeconds, publishSeconds } = await publishBenchEvents(kafka, topic);
    const ends = await topicEnd(kafka, topic);
    console.log(`published ${events} events in ${publishSeconds.toFixed(1)} s`);

    const discardSeconds = await consumeAndDiscard(TEST_KAFKA_BROKERS, topic, events);
    console.log(`consume-and-discard: ${(events / discardSeconds).toFixed(0)} events/s`);

    const floorDb = await createTestDatabase();
    const floorSeconds = await consumeAndStore(TEST_KAFKA_BROKERS, topic, events, floorDb.url).finally(() =>
      floorDb.drop(),
    );
    console.log(`write floor: ${(events / floorSeconds).toFixed(0)} events/s`);

    // As deployed: a pool of 10 connections, so 8 partitions applied at once.
    const env = {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '10',
      KAFKA_BROKERS: TEST_KAFKA_BROKERS,
      PILOT_EVENTS_TOPIC: topic,
      DEAD_LETTER_TOPIC: dlq,
    };
    let t = process.hrtime.bigint();
    const projectors = await Promise.all(
      Array.from({ length: REPLICAS }, () => startAppProcess('projector', env, { waitReady: false })),
    );
    let caughtUp: CaughtUp;
    try {
      caughtUp = await waitCaughtUp(dataSource, 1, ends);
    } finally {
      await Promise.all(projectors.map((p) => p.stop('SIGTERM')));
    }
    const projectSeconds = Number(caughtUp.caughtUpAt - t) / 1e9;
    const foldSeconds = Number(caughtUp.caughtUpAt - caughtUp.firstStoredAt) / 1e9;
    const foldEvents = events - caughtUp.storedAtFirst;
    console.log(
      `projector: ${(foldEvents / foldSeconds).toFixed(0)} events/s folding, ` +
        `${(events / projectSeconds).toFixed(0)} events/s from process start`,
    );

    t = process.hrtime.bigint();
    const cli = startBuiltProcess(
      join('apps', 'cli', 'src', 'main.js'),
      ['projections', 'rebuild', 'pilot_totals'],
      env,
    );
    const exit = await cli.exited;
    if (exit !== 0) throw new Error(`rebuild exited ${String(exit)}: ${cli.output()}`);
    const rebuildSeconds = seconds(t);
    console.log(`rebuild: ${rebuildSeconds.toFixed(1)} s`);

    const result = {
      benchmark: 'projector',
      at: new Date().toISOString(),
      // The 1-minute load average when the results were written: other work on the machine skews them.
      machine: { cpus: cpus().length, model: cpus()[0]?.model, load_average: loadavg()[0] },
      events,
      pilots: PILOTS,
      partitions: PARTITIONS,
      generate_seconds: generateSeconds,
      publish_seconds: publishSeconds,
      consume_and_discard: { seconds: discardSeconds, events_per_second: events / discardSeconds },
      write_floor: {
        seconds: floorSeconds,
        events_per_second: events / floorSeconds,
        ratio_to_discard: discardSeconds / floorSeconds,
        note: 'bench/projector/write-floor.ts: each event parsed and stored as one narrow row, one INSERT and commit per batch, nothing else; from the first batch to the last',
      },
      projector: {
        replicas: REPLICAS,
        // Timed like the consume-and-discard baseline: from the first batch to the last.
        fold_seconds: foldSeconds,
        fold_events: foldEvents,
        events_per_second: foldEvents / foldSeconds,
        ratio_to_discard: foldEvents / foldSeconds / (events / discardSeconds),
        note: "from the first poll (every 20 ms) that found a batch stored until every partition's stored offset reached the end; the events stored by that first poll are left out",
        seconds_from_process_start: projectSeconds,
        events_per_second_from_process_start: events / projectSeconds,
        note_from_process_start:
          "from the projector apps' process start (boot and group join included) until every partition's stored offset reached the end",
      },
      rebuild: {
        seconds: rebuildSeconds,
        events_per_second: events / rebuildSeconds,
        note: '`pft projections rebuild pilot_totals` from the build, from process start to exit',
      },
      goals: { events_per_second: 50_000, ratio_to_discard: 0.4, rebuild_10m_seconds: 300 },
    };
    const dir = process.env.BENCH_RESULTS_DIR ?? join(__dirname, '..', 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `projector-${result.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
    console.log(`results in ${file}`);
  } finally {
    await dataSource.destroy();
    await db.drop();
    await deleteTestTopics(kafka, [topic, dlq]);
  }
}

test('projector: events per second into Postgres beside consume-and-discard, and a full rebuild', async () => {
  await runProjectorBenchmark();
}, 7_200_000);
