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
import { benchmark, benchSetting, BenchRun } from '../support/bench-run';
import {
  type BenchPilot,
  benchPartnerKey,
  latencySummary,
  linkPilots,
  startSteadyStack,
  steadyWrites,
  untilReadShows,
  writeFlight,
} from '../support/steady-writes';

const RATE = benchSetting('RATE', 20);
const SECONDS = benchSetting('SECONDS', 30);
const PILOTS = benchSetting('PILOTS', 20);

benchmark(`freshness at ${RATE} writes/s for ${SECONDS} s`, new BenchRun('freshness'), async (bench) => {
  const stack = await startSteadyStack(bench, 'freshness');
  const partnerApi = stack.urls.partnerApi;
  const key = await benchPartnerKey(stack.db.url, 'Freshness Bench', ['pilot-totals']);
  const pilots = await linkPilots(stack.urls, key, stack.secret, PILOTS);

  const freshness: number[] = [];
  const failures: string[] = [];
  const measureOne = async (pilot: BenchPilot): Promise<void> => {
    const write = await writeFlight(stack.urls.ingestion, pilot);
    if ('failure' in write) return void failures.push(write.failure);
    const seen = await untilReadShows(partnerApi, key, pilot, performance.now());
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
