/**
 * Each app's resident size (VmRSS, sampled every 5 s) under steady writes and partner reads, at the end
 * beside after the first minute. Settings: BENCH_MINUTES (10), BENCH_RATE (50), BENCH_READ_RATE (200),
 * BENCH_PILOTS (100). Writes bench/results/memory.json.
 */
import { readFileSync } from 'node:fs';
import { benchmark, benchSetting, BenchRun, share } from '../support/bench-run';
import {
  atSteadyRate,
  type BenchPilot,
  startSteadyPartner,
  steadyWrites,
  writeFlight,
} from '../support/steady-writes';

const MINUTES = benchSetting('MINUTES', 10);
const RATE = benchSetting('RATE', 50);
const READ_RATE = benchSetting('READ_RATE', 200);
const PILOTS = benchSetting('PILOTS', 100);
const SAMPLE_MS = 5000;

/** The resident size of a process in MB, from /proc. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return +(kb / 1024).toFixed(1);
}

/** `rate` partner reads a second for `seconds`, each due at its time, spread over the pilots. */
async function steadyReads(
  url: string,
  key: string,
  pilots: readonly BenchPilot[],
  rate: number,
  seconds: number,
  failures: string[],
): Promise<number> {
  let answered = 0;
  await atSteadyRate(rate, seconds, (i) =>
    fetch(`${url}/v1/pilot-totals?pilot_id=${pilots[i % pilots.length]!.pilotId}`, {
      headers: { authorization: `Bearer ${key}` },
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) answered += 1;
        else failures.push(`read answered ${response.status}`);
      })
      .catch((err: unknown) => void failures.push(`read failed: ${String(err)}`)),
  );
  return answered;
}

benchmark(`memory over ${MINUTES} min of steady load`, new BenchRun('memory'), async (bench) => {
  const { apps, urls, key, pilots } = await startSteadyPartner(
    bench,
    'memory',
    { scopes: ['pilot-totals'], pilots: PILOTS },
    { webhooks: true },
  );

  const samples: { second: number; rss_mb: Record<string, number> }[] = [];
  const started = performance.now();
  const sample = () =>
    samples.push({
      second: Math.round((performance.now() - started) / 1000),
      rss_mb: Object.fromEntries(apps.map((app) => [app.name, residentMb(app.child.pid!)])),
    });
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);

  const failures: string[] = [];
  // A write due while every pilot still waits for an answer is not sent (steadyWrites): counted apart.
  const skipped: string[] = [];
  const seconds = MINUTES * 60;
  const [, reads] = await Promise.all([
    steadyWrites(
      RATE,
      seconds,
      pilots,
      async (pilot) => {
        const write = await writeFlight(urls.ingestion, pilot);
        if ('failure' in write) failures.push(write.failure);
      },
      skipped,
    ),
    steadyReads(urls.partnerApi, key, pilots, READ_RATE, seconds, failures),
  ]);
  clearInterval(sampler);
  sample();

  // The first sample at or after one minute of load, and the last one.
  const atOneMinute = samples.find((s) => s.second >= 60) ?? samples[0]!;
  const atEnd = samples[samples.length - 1]!;
  const perApp = Object.fromEntries(
    apps.map(({ name }) => [
      name,
      {
        rss_mb_at_1_min: atOneMinute.rss_mb[name],
        rss_mb_at_end: atEnd.rss_mb[name],
        rss_mb_peak: Math.max(...samples.map((s) => s.rss_mb[name]!)),
        end_vs_1_min: share(atEnd.rss_mb[name]!, atOneMinute.rss_mb[name]!),
      },
    ]),
  );
  const result = {
    load: { minutes: MINUTES, writes_per_second: RATE, reads_per_second: READ_RATE, pilots: PILOTS },
    writes: pilots.reduce((sum, p) => sum + p.written, 0),
    reads,
    failures: failures.length,
    writes_not_sent_every_pilot_busy: skipped.length,
    apps: perApp,
    goal: { end_vs_1_min_at_most: 1.1 },
  };
  bench.write(result, result);
  expect(failures.slice(0, 5)).toEqual([]);
});
