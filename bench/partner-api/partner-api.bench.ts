/**
 * The partner API's read throughput beside a bare Fastify hello-world, both as processes on this
 * machine, the load generator (autocannon) in this process on the same machine, in one run:
 *
 *   npm run build && npx jest bench/partner-api --selectProjects bench
 *
 * (BENCH_SECONDS per run, default 10; BENCH_CONNECTIONS, default 50; BENCH_REPEATS, default 3.)
 * Results go to bench/results/partner-api-<time>.json.
 *
 * Every figure but the last is measured BENCH_REPEATS times, the runs interleaved, and the median
 * run kept, with each run's figure in `repeats`: the machine's speed drifts over minutes.
 *
 * Runs: hello-world; the partner API's own /health/live (the cost of the shared HTTP stack alone);
 * the single read warm (one pilot asked again and again: the key lookup remembered, its rows in
 * memory) and cold (each request another of 30,000 pilots: at up to 30,000 req/s none comes round
 * again within the 1 s an answer is kept); the batch of 50 (rotating over the first 10,000); the
 * single read at half its measured rate, paced evenly (measurePaced: autocannon's rate option sends
 * each second's quota in one burst), for p99 with headroom, and hello-world paced at the same rate
 * (the machine's own latency floor at that rate), alone and beside a process busy for the share of a
 * core the app used in its paced run (support/cpu-share.ts: the floor under the app's CPU load);
 * then, with the totals cache off
 * (PARTNER_TOTALS_CACHE_MS=0), the single read rotating over the 30,000, every answer from
 * Postgres. Each run with a totals answer records the share answered from memory. Beside them, in
 * each round, the read floors (support/read-floor.ts): bare Fastify servers doing only what such a
 * read needs at least (a Redis count and an answer from memory; one SELECT per read; one SELECT per
 * event-loop turn), rotating over the same 30,000 pilots; and the Nest floors (support/nest-floor.ts): a
 * bare Nest application on Fastify, no hooks, answering hello-world and the Redis count with the answer
 * from memory, what the framework alone costs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createDataSource, loadConfig } from '@pft/platform';
import { type AppProcess, createTestDatabase, freePort, startAppProcess } from '@pft/testing';
import { seedBenchData } from './bench-data';
import { startHelloWorld } from '../support/hello-world';
import { type Measured, measure as measureLoad } from '../support/measure';
import { cpuSeconds, startBurner } from '../support/cpu-share';
import { measurePaced, type PacedMeasured } from '../support/paced-load';
import { startNestFloor } from '../support/nest-floor';
import { startReadFloor } from '../support/read-floor';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Pilots of the cold reads: more than the fastest run reads in the second an answer is kept. */
const PILOTS = 30_000;
/** Pilots the batches rotate over, as before the cold reads had their own. */
const BATCH_PILOTS = 10_000;
/** How many times each figure is measured; the median is kept (BENCH_REPEATS, default 3). */
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 3));

/**
 * The run whose `value` is the median of `runs` (the lower middle one of an even number), with every
 * run's value beside it.
 */
function median<R extends object>(runs: R[], value: (run: R) => number): R & { repeats: number[] } {
  const sorted = [...runs].sort((a, b) => value(a) - value(b));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, repeats: runs.map(value) };
}

const measure = (name: string, options: autocannon.Options): Promise<Measured> =>
  measureLoad(name, { connections: CONNECTIONS, duration: SECONDS, ...options });

/** The app's count of totals answered from memory and from the database, read from its metrics port. */
async function answersBySource(metricsUrl: string): Promise<{ memory: number; database: number }> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const value = (source: string): number =>
    Number(
      new RegExp(`^pft_partner_totals_answers_total\\{source="${source}"\\} (\\d+)`, 'm').exec(text)?.[1] ??
        0,
    );
  return { memory: value('memory'), database: value('database') };
}

/** A run, with the share of its pilot totals answered from the replica's memory (TotalsReadCache). */
async function withCacheShare<M extends Pick<Measured, 'name'>>(
  metricsUrl: string,
  load: () => Promise<M>,
): Promise<M & { answered_from_memory: number }> {
  const before = await answersBySource(metricsUrl);
  const run = await load();
  const after = await answersBySource(metricsUrl);
  const memory = after.memory - before.memory;
  const total = memory + after.database - before.database;
  return { ...run, answered_from_memory: total === 0 ? 0 : +(memory / total).toFixed(3) };
}

const measureWithCache = (
  metricsUrl: string,
  name: string,
  options: autocannon.Options,
): Promise<Measured & { answered_from_memory: number }> =>
  withCacheShare(metricsUrl, () => measure(name, options));

/** A request that walks through `paths`, so each one asks for something else. */
function rotating(paths: string[], headers: Record<string, string>): autocannon.Request[] {
  let next = 0;
  return [
    { method: 'GET', headers, setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) },
  ];
}

test('partner API reads against a bare Fastify hello-world', async () => {
  const db = await createTestDatabase();
  const seeding = await createDataSource(db.url, 2).initialize();
  const data = await seedBenchData(seeding, PILOTS).finally(() => seeding.destroy());
  const hello = await startHelloWorld(await freePort());
  const floor = await startReadFloor(
    await freePort(),
    db.url,
    loadConfig().REDIS_URL,
    `bench:${Date.now()}:read-floor`,
  );
  const nestFloor = await startNestFloor(
    await freePort(),
    loadConfig().REDIS_URL,
    `bench:${Date.now()}:nest-floor`,
  );
  let api: AppProcess | undefined;
  let uncachedApi: AppProcess | undefined;
  try {
    api = await startAppProcess('partner-api', {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'warn',
      PARTNER_REDIS_PREFIX: `bench:${Date.now()}:`,
    });
    const auth = { authorization: `Bearer ${data.key}` };
    const singlePath = `/v1/pilot-totals?pilot_id=${data.pilotIds[0]!}`;
    const single = `${api.url}${singlePath}`;

    // Warm-up: JIT, connection pools.
    await autocannon({ url: single, headers: auth, duration: 3, connections: 10 });
    await autocannon({ url: hello.url, duration: 3, connections: 10 });

    const batches: string[] = [];
    for (let i = 0; i + 50 <= BATCH_PILOTS; i += 50) {
      batches.push(`/v1/pilot-totals/batch?pilot_ids=${data.pilotIds.slice(i, i + 50).join(',')}`);
    }
    // Each figure REPEATS times, the runs interleaved (hello-world, /health/live, warm, cold, batch,
    // then again), and the median kept: the machine's speed drifts over minutes, and a figure and the
    // hello-world it is divided by are then measured under the same drift.
    const rounds: Record<
      | 'bare'
      | 'live'
      | 'warm'
      | 'cold'
      | 'batch'
      | 'floorCounted'
      | 'floorOne'
      | 'floorGrouped'
      | 'nestHello'
      | 'nestCounted',
      Measured[]
    > = {
      bare: [],
      live: [],
      warm: [],
      cold: [],
      batch: [],
      floorCounted: [],
      floorOne: [],
      floorGrouped: [],
      nestHello: [],
      nestCounted: [],
    };
    const floorPaths = (route: string): autocannon.Request[] =>
      rotating(
        data.pilotIds.map((id) => `/${route}?id=${id}`),
        {},
      );
    for (let round = 0; round < REPEATS; round++) {
      rounds.bare.push(await measure('hello-world', { url: hello.url }));
      // The same app's trivial route: what the shared HTTP stack (Nest, logging, request ids) costs alone.
      rounds.live.push(await measure('partner API /health/live', { url: `${api.url}/health/live` }));
      rounds.warm.push(
        await measureWithCache(api.metricsUrl, 'single read, warm', { url: single, headers: auth }),
      );
      rounds.cold.push(
        await measureWithCache(api.metricsUrl, 'single read, cold', {
          url: api.url,
          requests: rotating(
            data.pilotIds.map((id) => `/v1/pilot-totals?pilot_id=${id}`),
            auth,
          ),
        }),
      );
      rounds.batch.push(
        await measureWithCache(api.metricsUrl, 'batch of 50', {
          url: api.url,
          requests: rotating(batches, auth),
        }),
      );
      rounds.floorCounted.push(
        await measure(
          'read floor: bare Fastify, reads counted in Redis, one INCRBY per event-loop turn, answer in memory',
          {
            url: `${floor.url}/counted`,
          },
        ),
      );
      rounds.floorOne.push(
        await measure('read floor: bare Fastify, one SELECT per read', {
          url: floor.url,
          requests: floorPaths('one'),
        }),
      );
      rounds.floorGrouped.push(
        await measure("read floor: bare Fastify, one SELECT per event-loop turn's reads", {
          url: floor.url,
          requests: floorPaths('grouped'),
        }),
      );
      rounds.nestHello.push(
        await measure('Nest floor: bare Nest on Fastify, hello-world', { url: `${nestFloor.url}/hello` }),
      );
      rounds.nestCounted.push(
        await measure(
          'Nest floor: bare Nest on Fastify, reads counted in Redis, one INCRBY per event-loop turn, answer in memory',
          {
            url: `${nestFloor.url}/counted`,
          },
        ),
      );
    }
    const bare = median(rounds.bare, (r) => r.requests_per_second);
    const live = median(rounds.live, (r) => r.requests_per_second);
    const warm = median(rounds.warm, (r) => r.requests_per_second);
    const cold = median(rounds.cold, (r) => r.requests_per_second);
    const batch = median(rounds.batch, (r) => r.requests_per_second);
    const floorCounted = median(rounds.floorCounted, (r) => r.requests_per_second);
    const floorOne = median(rounds.floorOne, (r) => r.requests_per_second);
    const floorGrouped = median(rounds.floorGrouped, (r) => r.requests_per_second);
    const nestHello = median(rounds.nestHello, (r) => r.requests_per_second);
    const nestCounted = median(rounds.nestCounted, (r) => r.requests_per_second);

    // BENCH_PACED_RATE: pace at this rate instead, to compare latency at one rate across runs.
    const halfRate =
      Number(process.env.BENCH_PACED_RATE ?? 0) || Math.max(1, Math.round(warm.requests_per_second / 2));
    const origin = api.url;
    const pacedRounds: {
      half: (PacedMeasured & { cpu_share: number })[];
      hello: PacedMeasured[];
      helloLoaded: PacedMeasured[];
    } = { half: [], hello: [], helloLoaded: [] };
    for (let round = 0; round < REPEATS; round++) {
      // The share of a core the app used meanwhile, for the loaded hello-world below.
      const cpuBefore = cpuSeconds(api.child.pid!);
      const wallBefore = performance.now();
      const paced = await withCacheShare(api.metricsUrl, () =>
        measurePaced(`single read, warm, paced at ${halfRate} req/s`, {
          origin,
          path: () => singlePath,
          headers: auth,
          ratePerSecond: halfRate,
          seconds: SECONDS,
          connections: CONNECTIONS,
        }),
      );
      const cpuShare = (cpuSeconds(api.child.pid!) - cpuBefore) / ((performance.now() - wallBefore) / 1000);
      pacedRounds.half.push({ ...paced, cpu_share: +cpuShare.toFixed(3) });
      // The latency floor of this machine at that rate: the bare hello-world paced the same way.
      pacedRounds.hello.push(
        await measurePaced(`hello-world, paced at ${halfRate} req/s`, {
          origin: hello.url,
          path: () => '/',
          ratePerSecond: halfRate,
          seconds: SECONDS,
          connections: CONNECTIONS,
        }),
      );
      // And under the CPU load the app put on the machine: a process as busy as the app was.
      const burner = startBurner(cpuShare);
      try {
        pacedRounds.helloLoaded.push(
          await measurePaced(
            `hello-world, paced at ${halfRate} req/s, beside a process busy ${Math.round(cpuShare * 100)}% of a core`,
            {
              origin: hello.url,
              path: () => '/',
              ratePerSecond: halfRate,
              seconds: SECONDS,
              connections: CONNECTIONS,
            },
          ),
        );
      } finally {
        burner.kill();
      }
    }
    const half = median(pacedRounds.half, (r) => r.p99_ms);
    const helloPaced = median(pacedRounds.hello, (r) => r.p99_ms);
    const helloLoaded = median(pacedRounds.helloLoaded, (r) => r.p99_ms);

    await api.stop();
    api = undefined;

    // The same app with its totals cache off: every answer read from Postgres, rotating over the pilots.
    uncachedApi = await startAppProcess('partner-api', {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'warn',
      PARTNER_REDIS_PREFIX: `bench:${Date.now()}:`,
      PARTNER_TOTALS_CACHE_MS: '0',
    });
    await autocannon({ url: `${uncachedApi.url}${singlePath}`, headers: auth, duration: 3, connections: 10 });
    const uncached = await measure('single read, every answer from the database', {
      url: uncachedApi.url,
      requests: rotating(
        data.pilotIds.map((id) => `/v1/pilot-totals?pilot_id=${id}`),
        auth,
      ),
    });

    const report = {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg(), node: process.version },
      settings: {
        seconds_per_run: SECONDS,
        connections: CONNECTIONS,
        pilots: PILOTS,
        batch_pilots: BATCH_PILOTS,
      },
      runs: [
        bare,
        live,
        warm,
        cold,
        batch,
        half,
        helloPaced,
        helloLoaded,
        uncached,
        floorCounted,
        floorOne,
        floorGrouped,
        nestHello,
        nestCounted,
      ],
      ratios: {
        single_warm_vs_hello: +(warm.requests_per_second / bare.requests_per_second).toFixed(3),
        live_route_vs_hello: +(live.requests_per_second / bare.requests_per_second).toFixed(3),
        single_warm_vs_live_route: +(warm.requests_per_second / live.requests_per_second).toFixed(3),
        single_cold_vs_hello: +(cold.requests_per_second / bare.requests_per_second).toFixed(3),
        batch_vs_single_warm: +(batch.requests_per_second / warm.requests_per_second).toFixed(3),
        floor_counted_vs_hello: +(floorCounted.requests_per_second / bare.requests_per_second).toFixed(3),
        floor_one_select_vs_hello: +(floorOne.requests_per_second / bare.requests_per_second).toFixed(3),
        floor_grouped_select_vs_hello: +(floorGrouped.requests_per_second / bare.requests_per_second).toFixed(
          3,
        ),
        nest_hello_vs_hello: +(nestHello.requests_per_second / bare.requests_per_second).toFixed(3),
        nest_counted_vs_hello: +(nestCounted.requests_per_second / bare.requests_per_second).toFixed(3),
      },
      goals: {
        'single read at 0.5x hello-world or better':
          warm.requests_per_second >= 0.5 * bare.requests_per_second,
        'p99 under 5 ms at half that load': half.p99_ms < 5,
        'batch of 50 at 0.3x the single read or better':
          batch.requests_per_second >= 0.3 * warm.requests_per_second,
      },
    };
    const dir = join(__dirname, '..', 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `partner-api-${report.when.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(
      `${JSON.stringify({ ratios: report.ratios, goals: report.goals }, null, 2)}\n${file}\n`,
    );

    // Measurements, not goals, decide nothing here; but every request must have been answered well.
    for (const run of report.runs)
      expect({ run: run.name, non2xx: run.non_2xx, errors: run.errors }).toEqual({
        run: run.name,
        non2xx: 0,
        errors: 0,
      });
  } finally {
    await api?.stop();
    await uncachedApi?.stop();
    hello.child.kill('SIGTERM');
    floor.child.kill('SIGTERM');
    nestFloor.child.kill('SIGTERM');
    await db.drop();
  }
}, 900_000);
