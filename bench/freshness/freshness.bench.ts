/**
 * Event-to-read freshness under steady writes (support/steady-writes.ts): from a write's answer to the
 * first partner read that shows it. Settings: BENCH_RATE (20), BENCH_SECONDS (30), BENCH_PILOTS (20).
 * Writes bench/results/freshness.json.
 */
import { benchmark, BenchRun, latencySummary } from '../support/bench-run';
import { startSteadyPartner, steadyLoad, steadyWrites, writeAndRead } from '../support/steady-writes';

const { RATE, SECONDS, PILOTS } = steadyLoad();

benchmark(`freshness at ${RATE} writes/s for ${SECONDS} s`, new BenchRun('freshness'), async (bench) => {
  const { urls, key, pilots } = await startSteadyPartner(bench, 'freshness', {
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
