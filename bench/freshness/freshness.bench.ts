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
import { benchmark, BenchRun, latencySummary } from '../support/bench-run';
import { startSteadyPartner, steadyLoad, steadyWrites, writeAndRead } from '../support/steady-writes';

const { RATE, SECONDS, PILOTS } = steadyLoad();

benchmark(`freshness at ${RATE} writes/s for ${SECONDS} s`, new BenchRun('freshness'), async (bench) => {
  const { urls, key, pilots } = await startSteadyPartner(bench, 'freshness', {
    name: 'Freshness Bench',
    scopes: ['pilot-totals'],
    pilots: PILOTS,
  });

  const freshness: number[] = [];
  const failures: string[] = [];
  await steadyWrites(
    RATE,
    SECONDS,
    pilots,
    (pilot) => writeAndRead(urls, key, pilot, { freshness, failures }),
    failures,
  );

  const result = {
    load: { writes_per_second: RATE, seconds: SECONDS, pilots: PILOTS },
    writes_measured: freshness.length,
    failures: failures.length,
    freshness_ms: latencySummary(freshness),
    goal: { p99_ms_below: 250, spec_allows_ms: 300_000 },
  };
  bench.write(result, result);
  expect(failures).toEqual([]);
  expect(freshness.length).toBe(RATE * SECONDS);
});
