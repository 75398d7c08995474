/**
 * What the relay's linger (RELAY_LINGER_MS) saves under a steady load of single-flight POSTs: the
 * ingestion app (its relay off) takes POSTs for BENCH_SECONDS from 32 connections while the relay
 * runs as a process of its own (relay-main.js) with each linger of BENCH_LINGERS (default "0,20"), in
 * BENCH_ROUNDS rounds (default 2) alternating their order. Each run reports the POST rate, the relay's
 * CPU time per event published (from /proc: user and system time of its process).
 *
 *   npm run build:test && npx jest bench/ingestion/relay-linger --selectProjects bench --runInBand --testTimeout 3600000
 *
 * The result goes to bench/results/relay-linger.json.
 */
import { createDataSource, loadConfig } from '@pft/platform';
import { testKafka } from '@pft/testing';
import { benchmark, benchSetting, BenchRun, expectAnsweredWell } from '../support/bench-run';
import { cpuSeconds } from '../support/cpu-share';
import { median, roundOrder } from '../support/kafka-clients';
import { outboxEmpty } from './relay-drain';
import { singlePosts, startRelayProcess, writeAppEnv } from './write-loads';

const SECONDS = benchSetting('SECONDS', 10);
const ROUNDS = Math.max(1, benchSetting('ROUNDS', 2));
const LINGERS = (process.env.BENCH_LINGERS ?? '0,20').split(',').map(Number);

interface LingerRun {
  linger_ms: number;
  posts_per_second: number;
  events: number;
  relay_cpu_us_per_event: number;
}

benchmark(
  "the relay's linger under a steady load of single-flight POSTs",
  new BenchRun('relay-linger', { seconds: SECONDS, connections: 32 }),
  async (bench) => {
    const secret = loadConfig().JWT_SECRET;
    const db = await bench.database();
    const kafka = testKafka('bench-relay-linger');
    const topic = await bench.topic(kafka, 'bench-relay-linger', 12);
    const env = writeAppEnv(db.url, topic);
    const app = await bench.app('ingestion', env);
    const dataSource = await createDataSource(db.url, 1).initialize();
    bench.defer(() => dataSource.destroy());
    const single = singlePosts(secret);
    await bench.warm({ url: app.url, requests: single });
    const storedEvents = async (): Promise<number> =>
      (await dataSource.query<{ events: number }[]>('select count(*)::int as events from events'))[0]!.events;

    const runs: LingerRun[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const linger of roundOrder(LINGERS, round)) {
        const relay = startRelayProcess(bench, { ...env, RELAY_LINGER_MS: String(linger) });
        try {
          const drained = outboxEmpty(dataSource, relay.output);
          await drained();
          const before = await storedEvents();
          const cpuBefore = cpuSeconds(relay.child.pid!);
          const run = await bench.measure(`POST /pilot/v1/flights, relay lingering ${linger} ms`, {
            url: app.url,
            requests: single,
          });
          await drained();
          const cpu = cpuSeconds(relay.child.pid!) - cpuBefore;
          const events = await storedEvents();
          expectAnsweredWell([run]);
          const published = events - before;
          runs.push({
            linger_ms: linger,
            posts_per_second: run.requests_per_second,
            events: published,
            relay_cpu_us_per_event: +((cpu * 1e6) / published).toFixed(1),
          });
          console.log(JSON.stringify(runs.at(-1)));
        } finally {
          await relay.stop();
        }
      }
    }
    const byLinger = Object.fromEntries(
      LINGERS.map((linger) => {
        const own = runs.filter((r) => r.linger_ms === linger);
        return [
          linger,
          {
            posts_per_second: median(own.map((r) => r.posts_per_second)),
            relay_cpu_us_per_event: median(own.map((r) => r.relay_cpu_us_per_event)),
          },
        ];
      }),
    );
    console.log(
      `results in ${bench.write({ settings: { seconds: SECONDS, rounds: ROUNDS }, by_linger: byLinger, runs })}`,
    );
  },
);
