/**
 * What decoding the projector's events costs alone, plain and sealed, without Kafka or Postgres: the
 * projector benchmark's decoding floor (decode-cost.ts) on its own, in a minute, for changes to the
 * decoding path that need measuring between full projector runs:
 *
 *   npm run build:test && npx jest bench/projector/decode-cost --selectProjects bench --runInBand
 *
 * (BENCH_PILOTS, default 10,000, each with BENCH_EVENTS_PER_PILOT events, default 10: the first
 * 100,000 events of the projector benchmark's default run, in its order, every batch of 1,000 naming
 * about as many pilots' data keys; BENCH_REPEATS rounds, default 5; BENCH_DECODE_BUILD, another
 * build of the service to measure instead of the tests' build, such as one of an earlier revision made
 * with `tsc -p tsconfig.build.json --outDir …` and `tsc-alias` in a worktree of it.) The result goes to
 * bench/results/projector-decode.json.
 */
import { relayMessageValue } from '@pft/testing';
import { asKafkaMessages, historyMessages } from '@pft/testing/oracle';
import { benchmark, benchSetting, BenchRun } from '../support/bench-run';
import { benchHistories } from './bench-histories';
import { SealedBenchEvents } from './sealed-bench-events';

const PILOTS = benchSetting('PILOTS', 10_000);
const EVENTS_PER_PILOT = benchSetting('EVENTS_PER_PILOT', 10);
const REPEATS = Math.max(1, benchSetting('REPEATS', 5));

benchmark(
  'decoding the projector events alone, plain and sealed',
  new BenchRun('projector-decode'),
  async (bench) => {
    const messages = asKafkaMessages(
      historyMessages(benchHistories(PILOTS, EVENTS_PER_PILOT, 1)),
      relayMessageValue,
    );
    const sealed = new SealedBenchEvents();
    const cost = await sealed.decodeCost(
      { plain: messages.map((m) => m.value), sealed: sealed.seal(messages).map((m) => m.value) },
      REPEATS,
    );
    console.log(JSON.stringify(cost, null, 2));
    expect(cost.messages).toBe(messages.length);
    bench.write({
      settings: { pilots: PILOTS, events_per_pilot: EVENTS_PER_PILOT, repeats: REPEATS },
      decode_cost: cost,
    });
  },
);
