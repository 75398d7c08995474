/**
 * Event-to-read freshness under a steady write load: the three apps run as separate processes
 * against the real stack; pilots record flights through the ingestion API at a steady rate, and
 * after each write returns, a partner polls the single read until it shows that write. The time
 * from the write's answer to the first read that shows it is the freshness of that write.
 *
 *   BENCH_RATE=20 BENCH_SECONDS=30 npx jest bench/freshness --selectProjects bench
 *
 * The result goes to bench/results/freshness.json.
 */
import { testKafka } from '@pft/testing';
import { benchmark, benchSetting, BenchRun } from '../support/bench-run';
import {
  type BenchPilot,
  benchPartnerKey,
  latencySummary,
  linkPilots,
  steadyWrites,
  untilReadShows,
  writeFlight,
} from '../support/steady-writes';

const RATE = benchSetting('RATE', 20);
const SECONDS = benchSetting('SECONDS', 30);
const PILOTS = benchSetting('PILOTS', 20);
const SECRET = 'freshness-bench-secret-of-enough-length';

benchmark(`freshness at ${RATE} writes/s for ${SECONDS} s`, new BenchRun('freshness'), async (bench) => {
  const kafka = testKafka('pft-bench-freshness');
  const db = await bench.database();
  const topic = await bench.topic(kafka, 'freshness', 12);
  const env = { DATABASE_URL: db.url, JWT_SECRET: SECRET, PILOT_EVENTS_TOPIC: topic, LOG_LEVEL: 'warn' };
  const [ingestion, , partnerApi] = await Promise.all([
    bench.app('ingestion', env),
    bench.app('projector', env),
    bench.app('partner-api', env),
  ]);

  const key = await benchPartnerKey(db.url, 'Freshness Bench', ['pilot-totals']);
  const pilots = await linkPilots(
    { ingestion: ingestion.url, partnerApi: partnerApi.url },
    key,
    SECRET,
    PILOTS,
  );

  const freshness: number[] = [];
  const failures: string[] = [];
  const measureOne = async (pilot: BenchPilot): Promise<void> => {
    const write = await writeFlight(ingestion.url, pilot);
    if ('failure' in write) return void failures.push(write.failure);
    const seen = await untilReadShows(partnerApi.url, key, pilot, performance.now());
    if (typeof seen === 'number') freshness.push(seen);
    else failures.push(seen.failure);
  };
  await steadyWrites(RATE, SECONDS, pilots, measureOne, failures);

  const result = {
    load: { writes_per_second: RATE, seconds: SECONDS, pilots: PILOTS },
    writes_measured: freshness.length,
    failures: failures.length,
    freshness_ms: latencySummary(freshness),
    goal: { p99_ms_below: 250, spec_allows_ms: 300_000 },
  };
  bench.write(result);
  console.log(JSON.stringify(result, null, 2));
  expect(failures).toEqual([]);
  expect(freshness.length).toBe(RATE * SECONDS);
});
