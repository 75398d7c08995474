import { type AppProcess } from '@pft/testing';
import { type BenchRun } from '../support/bench-run';
import { cpuSeconds, startBurner } from '../support/cpu-share';
import { type PacedMeasured } from '../support/paced-load';
import { withCacheShare } from './cache-share';

/**
 * The run whose `value` is the median of `runs` (the lower middle one of an even number), with every
 * run's value beside it.
 */
export function median<R extends object>(runs: R[], value: (run: R) => number): R & { repeats: number[] } {
  const sorted = [...runs].sort((a, b) => value(a) - value(b));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, repeats: runs.map(value) };
}

/**
 * The warm single read paced evenly at `halfRate`, `repeats` times, each beside hello-world paced at
 * the same rate alone (the machine's latency floor at that rate), beside a process as busy as the
 * app was in that round (the floor under the app's CPU load), and beside the warm read's own floor
 * paced the same way (bare Nest, the read counted in Redis, the answer in memory: the latency of the
 * least work the same request needs here); the median run of each, by p99. Each of the app's runs
 * and each floor's records what paused its server meanwhile (ServerPauses, support/pause-probe.ts).
 */
export async function measurePacedReads(
  bench: BenchRun,
  options: {
    api: AppProcess;
    hello: { url: string; child: { pid?: number } };
    /** The warm read's floor: its route that counts the read in Redis and answers from memory. */
    nestCounted: { url: string; child: { pid?: number } };
    singlePath: string;
    auth: Record<string, string>;
    halfRate: number;
    repeats: number;
  },
): Promise<{
  half: PacedMeasured & { cpu_share: number; repeats: number[] };
  helloPaced: PacedMeasured & { repeats: number[] };
  helloLoaded: PacedMeasured & { repeats: number[] };
  floorPaced: PacedMeasured & { repeats: number[] };
}> {
  const { api, hello, nestCounted, singlePath, auth, halfRate, repeats } = options;
  const pacedRounds: {
    half: (PacedMeasured & { cpu_share: number })[];
    hello: PacedMeasured[];
    helloLoaded: PacedMeasured[];
    floor: PacedMeasured[];
  } = { half: [], hello: [], helloLoaded: [], floor: [] };
  for (let round = 0; round < repeats; round++) {
    // The share of a core the app used meanwhile, for the loaded hello-world below.
    const cpuBefore = cpuSeconds(api.child.pid!);
    const wallBefore = performance.now();
    const paced = await withCacheShare(api.metricsUrl, () =>
      bench.paced(`single read, warm, paced at ${halfRate} req/s`, {
        origin: api.url,
        path: singlePath,
        headers: auth,
        ratePerSecond: halfRate,
        serverPid: api.child.pid,
      }),
    );
    const cpuShare = (cpuSeconds(api.child.pid!) - cpuBefore) / ((performance.now() - wallBefore) / 1000);
    pacedRounds.half.push({ ...paced, cpu_share: +cpuShare.toFixed(3) });
    // The latency floor of this machine at that rate: the bare hello-world paced the same way.
    pacedRounds.hello.push(
      await bench.paced(`hello-world, paced at ${halfRate} req/s`, {
        origin: hello.url,
        path: '/',
        ratePerSecond: halfRate,
        serverPid: hello.child.pid,
      }),
    );
    // And under the CPU load the app put on the machine: a process as busy as the app was.
    const burner = startBurner(cpuShare);
    try {
      pacedRounds.helloLoaded.push(
        await bench.paced(
          `hello-world, paced at ${halfRate} req/s, beside a process busy ${Math.round(cpuShare * 100)}% of a core`,
          { origin: hello.url, path: '/', ratePerSecond: halfRate, serverPid: hello.child.pid },
        ),
      );
    } finally {
      burner.kill();
    }
    // The least work the same request needs, through the same framework and Redis, paced alike.
    pacedRounds.floor.push(
      await bench.paced(
        `the warm read's floor, paced at ${halfRate} req/s: bare Nest on Fastify, reads counted in Redis, one INCRBY per event-loop turn, answer in memory`,
        {
          origin: nestCounted.url,
          path: '/counted',
          ratePerSecond: halfRate,
          serverPid: nestCounted.child.pid,
        },
      ),
    );
  }
  const half = median(pacedRounds.half, (r) => r.p99_ms);
  const helloPaced = median(pacedRounds.hello, (r) => r.p99_ms);
  const helloLoaded = median(pacedRounds.helloLoaded, (r) => r.p99_ms);
  const floorPaced = median(pacedRounds.floor, (r) => r.p99_ms);
  return { half, helloPaced, helloLoaded, floorPaced };
}
