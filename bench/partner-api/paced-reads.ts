import { type AppProcess } from '@pft/testing';
import { type BenchRun, medianRun } from '../support/bench-run';
import { cpuSeconds, startBurner } from '../support/cpu-share';
import { type PacedMeasured } from '../support/paced-load';

type PacedRun = PacedMeasured & { repeats: number[] };

/**
 * The warm read paced at `halfRate`, `repeats` rounds, each beside hello-world paced alone, beside a
 * process as busy as the app was that round (the p99 goal's yardstick), and the warm read's Nest floor
 * paced alike: the median run of each, by p99.
 */
export async function measurePacedReads(
  bench: BenchRun,
  options: {
    api: AppProcess;
    hello: { url: string };
    /** The Nest floor (support/nest-floor.ts): its `/counted` route is the warm read's floor. */
    floor: { url: string };
    singlePath: string;
    auth: Record<string, string>;
    halfRate: number;
    repeats: number;
  },
): Promise<{
  half: PacedRun & { cpu_share: number };
  helloPaced: PacedRun;
  helloLoaded: PacedRun;
  floorPaced: PacedRun;
}> {
  const { api, hello, floor, singlePath, auth, halfRate, repeats } = options;
  const rate = `paced at ${halfRate} req/s`;
  const runs = {
    half: [] as (PacedMeasured & { cpu_share: number })[],
    hello: [] as PacedMeasured[],
    helloLoaded: [] as PacedMeasured[],
    floor: [] as PacedMeasured[],
  };
  for (let round = 0; round < repeats; round++) {
    // The share of a core the app used meanwhile, for the loaded hello-world below.
    const cpuBefore = cpuSeconds(api.child.pid!);
    const wallBefore = performance.now();
    const paced = await bench.paced(`single read, warm, ${rate}`, {
      origin: api.url,
      path: singlePath,
      headers: auth,
      ratePerSecond: halfRate,
    });
    const cpuShare = (cpuSeconds(api.child.pid!) - cpuBefore) / ((performance.now() - wallBefore) / 1000);
    runs.half.push({ ...paced, cpu_share: +cpuShare.toFixed(3) });
    const helloPaced = { origin: hello.url, path: '/', ratePerSecond: halfRate };
    runs.hello.push(await bench.paced(`hello-world, ${rate}`, helloPaced));
    const burner = startBurner(cpuShare);
    try {
      runs.helloLoaded.push(
        await bench.paced(
          `hello-world, ${rate}, beside a process busy ${Math.round(cpuShare * 100)}% of a core`,
          helloPaced,
        ),
      );
    } finally {
      burner.kill();
    }
    runs.floor.push(
      await bench.paced(
        `the warm read's floor, ${rate}: bare Nest on Fastify, reads counted in Redis, one INCRBY per event-loop turn, answer in memory`,
        { origin: floor.url, path: '/counted', ratePerSecond: halfRate },
      ),
    );
  }
  const byP99 = (r: PacedMeasured): number => r.p99_ms;
  return {
    half: medianRun(runs.half, byP99),
    helloPaced: medianRun(runs.hello, byP99),
    helloLoaded: medianRun(runs.helloLoaded, byP99),
    floorPaced: medianRun(runs.floor, byP99),
  };
}
