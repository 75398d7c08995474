/**
 * The partner API's reads beside their floors (bench/README.md), then the warm read paced at half its
 * rate (paced-reads.ts); each share the median of the rounds', every other round in reverse order.
 * Settings: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_REPEATS (3), BENCH_PACED_RATE (half the
 * warm read's), BENCH_PACED_SECONDS (BENCH_SECONDS). Writes bench/results/partner-api.json.
 */
import { freePort } from '@pft/testing';
import { BATCH_PILOTS, READ_PILOTS, readPaths, seedBenchReads } from './bench-data';
import {
  benchmark,
  benchSetting,
  BenchRun,
  expectAnsweredWell,
  measureRounds,
  roundSettings,
} from '../support/bench-run';
import { startHelloWorld } from '../support/bare-server';
import { rotating } from '../support/measure';
import { measurePacedReads } from './paced-reads';
import { NEST_FLOOR_RUNS, startNestFloor } from '../support/nest-floor';
import { startNestPipelineFloor } from '../support/nest-pipeline-floor';
import { startReadFloor } from '../support/read-floor';
import { partnerApiEnv } from '../support/partner-reads-prefix';

const { seconds: SECONDS, connections: CONNECTIONS, repeats: REPEATS } = roundSettings(50);
const PIPELINE =
  "Nest pipeline floor: bare Nest on Fastify, the partner route's three guards, the CQRS bus and the partner headers, reads counted in Redis";
const FASTIFY_READ = "read floor: bare Fastify, one SELECT per event-loop turn's reads";

benchmark(
  'partner API reads beside their floors',
  new BenchRun('partner-api', { seconds: SECONDS, connections: CONNECTIONS }),
  async (bench) => {
    const { db, auth, pilotIds } = await seedBenchReads(bench);
    const { single: singlePath, cold, batches } = readPaths(pilotIds);
    const hello = await bench.floor(startHelloWorld(await freePort()));
    const fastify = await bench.floor(startReadFloor(await freePort(), db.url));
    const nest = await bench.floor(startNestFloor(await freePort(), db.url));
    const pipeline = await bench.floor(startNestPipelineFloor(await freePort(), db.url));
    const api = await bench.app('partner-api', await partnerApiEnv(db.url, 'reads'));
    await bench.warm({ url: `${api.url}${singlePath}`, headers: auth });
    await bench.warm({ url: hello.url });
    const floorPaths = (path: string) => rotating(pilotIds.map((id) => `${path}${id}`));
    const round = {
      hello: () => bench.measure('hello-world', { url: hello.url }),
      pipelineCounted: () =>
        bench.measure(`${PIPELINE}, answer in memory`, { url: `${pipeline.url}/counted` }),
      nestCounted: () => bench.measure(NEST_FLOOR_RUNS.counted, { url: `${nest.url}/counted` }),
      warm: () => bench.measure('single read, warm', { url: `${api.url}${singlePath}`, headers: auth }),
      batch: () => bench.measure('batch of 50', { url: api.url, requests: rotating(batches, auth) }),
      nestRead: () =>
        bench.measure(NEST_FLOOR_RUNS.read, { url: nest.url, requests: floorPaths('/read?id=') }),
      cold: () => bench.measure('single read, cold', { url: api.url, requests: rotating(cold, auth) }),
      pipelineRead: () =>
        bench.measure(`${PIPELINE}, one SELECT per event-loop turn's reads`, {
          url: pipeline.url,
          requests: floorPaths('/read?id='),
        }),
      fastifyRead: () =>
        bench.measure(FASTIFY_READ, { url: fastify.url, requests: floorPaths('/grouped?id=') }),
    };
    const { runs, sharesByRound, shares } = await measureRounds(round, REPEATS, {
      single_warm_vs_nest_counted: ['warm', 'nestCounted'],
      single_cold_vs_nest_read: ['cold', 'nestRead'],
      single_warm_vs_pipeline_counted: ['warm', 'pipelineCounted'],
      single_cold_vs_pipeline_read: ['cold', 'pipelineRead'],
      pipeline_counted_vs_nest_counted: ['pipelineCounted', 'nestCounted'],
      pipeline_read_vs_nest_read: ['pipelineRead', 'nestRead'],
      single_cold_vs_fastify_read: ['cold', 'fastifyRead'],
      batch_vs_single_warm: ['batch', 'warm'],
    });
    const warm = runs.warm;

    // BENCH_PACED_RATE: pace at this rate instead, to compare latency at one rate across runs.
    const halfRate =
      Number(process.env.BENCH_PACED_RATE ?? 0) || Math.max(1, Math.round(warm.requests_per_second / 2));
    const paced = await measurePacedReads(bench, {
      api,
      hello,
      floor: nest,
      singlePath,
      auth,
      halfRate,
      repeats: REPEATS,
    });

    const result = {
      settings: {
        seconds_per_run: SECONDS,
        seconds_per_paced_run: benchSetting('PACED_SECONDS', SECONDS),
        connections: CONNECTIONS,
        pilots: READ_PILOTS,
        batch_pilots: BATCH_PILOTS,
      },
      runs: [...Object.values(runs), paced.half, paced.helloPaced, paced.helloLoaded, paced.floorPaced],
      shares,
      shares_by_round: sharesByRound,
      goals: {
        // Met against the bare Nest floor, or against the framework's pipeline doing the same work (#21).
        'single read, warm, at 0.8x its floor or better':
          shares.single_warm_vs_nest_counted >= 0.8 || shares.single_warm_vs_pipeline_counted >= 0.8,
        'single read, cold, at 0.8x its floor or better':
          shares.single_cold_vs_nest_read >= 0.8 || shares.single_cold_vs_pipeline_read >= 0.8,
        'batch of 50 at 0.4x the single read or better': shares.batch_vs_single_warm >= 0.4,
        'p99 at half load at most 2x that of hello-world paced beside a process as busy as the app':
          paced.half.p99_ms <= 2 * paced.helloLoaded.p99_ms,
      },
    };
    bench.write(result, { shares, goals: result.goals });
    expectAnsweredWell(result.runs);
  },
  // About 2 minutes a round and 2 for its paced runs on this machine, with room.
  (120 + 300 * REPEATS) * 1000,
);
