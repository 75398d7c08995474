import { type KafkaClient } from '@pft/platform';
import {
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  testKafka,
  TEST_KAFKA_BROKERS,
} from '@pft/testing';
import { type BenchRun, benchSetting, roundOrder } from '../support/bench-run';
import { APP_DEFAULT_KAFKA_CLIENT } from '../support/kafka-clients';
import { publishBenchEvents, topicEnd } from '../projector/bench-events';
import { runProjector } from '../projector/projector-run';
import { SealedBenchEvents } from '../projector/sealed-bench-events';
import { measureProjectionRowsFloor } from '../projector/write-floor';
import { BUILDS, type BuildName, type FigureRuns, runCli } from './compared-builds';

/** What the fold compared folds: its events, pilots and payloads (BENCH_FOLD_EVENTS, BENCH_PILOTS, BENCH_FOLD_PAYLOADS). */
export const FOLD = {
  events: benchSetting('FOLD_EVENTS', 500_000),
  pilots: benchSetting('PILOTS', 10_000),
  /** `sealed` (default, as the service stores them now) or `plain`, for a build from before sealing. */
  payloads: process.env.BENCH_FOLD_PAYLOADS === 'plain' ? 'plain' : 'sealed',
} as const;

/** A topic of its own holding the fold's events, made as bench/projector makes them; with its end offsets. */
async function foldTopic(kafka: KafkaClient): Promise<{
  topic: string;
  events: number;
  ends: Map<number, number>;
  sealed: SealedBenchEvents | undefined;
}> {
  const sealed = FOLD.payloads === 'sealed' ? new SealedBenchEvents() : undefined;
  const topic = await createTestTopic(kafka, 'bench-compare-fold', 12);
  const { events } = await publishBenchEvents(kafka, topic, {
    events: FOLD.events,
    pilots: FOLD.pilots,
    perRound: 1_000_000,
    sealed,
  });
  return { topic, events, ends: await topicEnd(kafka, topic), sealed };
}

/**
 * The projector's fold of the same events by both builds, in alternating rounds: FOLD.events events
 * of FOLD.pilots pilots, as the relay publishes them (their logbook payloads sealed unless
 * FOLD.payloads is `plain`, each pilot's data key stored in the fold's database), then in each
 * round the projection rows floor (bench/projector/write-floor.ts) reading them, and each build's
 * projector (on the apps' default Kafka client) folding them into a database of its own migrated by
 * that build's command line, timed as bench/projector times it.
 *
 * Every fold reads a topic of its own, published for it with the same histories (only the pilots'
 * ids and data keys differ), so every fold's consumer group is new: a build from before the
 * projector sought the partitions it is given to the offsets stored in Postgres (0216952) would
 * otherwise start from the commits of the fold before it, at the topic's end, and fold nothing.
 */
export async function compareFolds(
  bench: BenchRun,
  builds: Record<BuildName, string>,
  rounds: number,
): Promise<FigureRuns> {
  const kafka = testKafka('pft-bench-compare');
  const dlq = await bench.topic(kafka, 'bench-compare-fold-dlq', 1);
  const client = APP_DEFAULT_KAFKA_CLIENT;
  const runs: FigureRuns = { baseline: [], current: [], floor: [] };
  for (let round = 0; round < rounds; round++) {
    const floorTopic = await foldTopic(kafka);
    try {
      const floorSeconds = await measureProjectionRowsFloor(floorTopic.topic, floorTopic.events, client);
      runs.floor.push({
        name: 'projection rows floor: a row per flight and per pilot, one transaction per batch',
        requests_per_second_exact: floorTopic.events / floorSeconds,
      });
    } finally {
      await deleteTestTopics(kafka, [floorTopic.topic]);
    }
    for (const build of roundOrder(BUILDS, round)) {
      const { topic, events, ends, sealed } = await foldTopic(kafka);
      // Made empty and migrated by the build's own command line; dropped after its fold, before the next.
      const db = await createTestDatabase({ migrate: false });
      try {
        runCli(builds[build], db.url, ['db', 'migrate']);
        await sealed?.storeKeys(db.url);
        const run = await runProjector(
          { databaseUrl: db.url, brokers: TEST_KAFKA_BROKERS, topic, deadLetterTopic: dlq, ends, events },
          client,
          1,
          builds[build],
        );
        runs[build].push({
          name: `projector fold (${build})`,
          requests_per_second_exact: run.events_per_second,
        });
        console.log(`round ${round + 1}, ${build}: fold ${run.events_per_second.toFixed(0)} events/s`);
      } finally {
        await db.drop();
        await deleteTestTopics(kafka, [topic]);
      }
    }
  }
  return runs;
}
