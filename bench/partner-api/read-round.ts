import type autocannon from 'autocannon';
import { type AppProcess } from '@pft/testing';
import { type BenchRun } from '../support/bench-run';
import { type Measured, rotating } from '../support/measure';
import { type ReadFloor } from '../support/read-floor';
import { measureWithCache } from './cache-share';
import { type ReadCpu } from './read-cpu';

/** The two routes of the pipeline floor (support/nest-pipeline-floor.ts), by their runs' names. */
export const PIPELINE_COUNTED =
  "Nest pipeline floor: bare Nest on Fastify, the partner route's three guards, the CQRS bus and the partner headers, reads counted in Redis, answer in memory";
export const PIPELINE_READ =
  "Nest pipeline floor: bare Nest on Fastify, the partner route's three guards, the CQRS bus and the partner headers, reads counted in Redis, one SELECT per event-loop turn's reads";

/** The servers a round loads. */
export interface RoundServers {
  hello: { url: string };
  api: AppProcess;
  /** The bare Fastify read floor (support/read-floor.ts). */
  floor: ReadFloor;
  /** The bare Nest floor (support/nest-floor.ts). */
  nestFloor: ReadFloor;
  /** The Nest pipeline floor (support/nest-pipeline-floor.ts). */
  pipelineFloor: ReadFloor;
}

/** What a round's loads ask for. */
export interface RoundRequests {
  /** A load measured with the CPU per request of each process (read-cpu.ts), `serverPid` the server's. */
  accounted: <M extends Measured>(serverPid: number, load: () => Promise<M>) => Promise<M & ReadCpu>;
  /** The warm read's URL: one pilot asked again and again. */
  single: string;
  auth: Record<string, string>;
  /** The batches' paths. */
  batches: string[];
  /** A floor route's paths, rotating over the cold reads' pilots. */
  floorPaths: (route: string) => autocannon.Request[];
  /** The cold reads, rotating over their pilots. */
  coldReads: () => autocannon.Request[];
}

/**
 * The loads of one round of the partner benchmark, by the key its runs are kept under, in the order
 * a round runs them.
 */
export function readRound(bench: BenchRun, servers: RoundServers, requests: RoundRequests) {
  const { hello, api, floor, nestFloor, pipelineFloor } = servers;
  const { accounted, single, auth, batches, floorPaths, coldReads } = requests;
  // One round: hello-world, the app's own /health/live (what the shared HTTP stack, Nest, logging and
  // request ids, costs alone), then each read beside its floors (the warm read beside its Nest floor
  // and the batch, with its pipeline floor just before that floor; the batch beside its own floor; the
  // cold read between its Nest floor and its pipeline floor), then the other floors. Every other round
  // runs in the reverse order: a figure and its floor are measured within seconds of each other, each
  // first in half the rounds, so the machine's drift over a round (tens of seconds on a shared host)
  // falls on both alike.
  return {
    bare: () => bench.measure('hello-world', { url: hello.url }),
    live: () => bench.measure('partner API /health/live', { url: `${api.url}/health/live` }),
    pipelineCounted: () =>
      accounted(pipelineFloor.child.pid!, () =>
        bench.measure(PIPELINE_COUNTED, { url: `${pipelineFloor.url}/counted` }),
      ),
    nestCounted: () =>
      accounted(nestFloor.child.pid!, () =>
        bench.measure(
          'Nest floor: bare Nest on Fastify, reads counted in Redis, one INCRBY per event-loop turn, answer in memory',
          { url: `${nestFloor.url}/counted` },
        ),
      ),
    warm: () =>
      accounted(api.child.pid!, () =>
        measureWithCache(bench, api.metricsUrl, 'single read, warm', { url: single, headers: auth }),
      ),
    batch: () =>
      measureWithCache(bench, api.metricsUrl, 'batch of 50', {
        url: api.url,
        requests: rotating(batches, auth),
      }),
    nestBatch: () =>
      bench.measure(
        "Nest floor: bare Nest on Fastify, reads counted in Redis, one INCRBY per event-loop turn, a batch of 50 pilots' answer in memory",
        { url: `${nestFloor.url}/counted-batch` },
      ),
    nestRead: () =>
      accounted(nestFloor.child.pid!, () =>
        bench.measure(
          "Nest floor: bare Nest on Fastify, reads counted in Redis, one SELECT per event-loop turn's reads",
          { url: nestFloor.url, requests: floorPaths('read') },
        ),
      ),
    cold: () =>
      accounted(api.child.pid!, () =>
        measureWithCache(bench, api.metricsUrl, 'single read, cold', {
          url: api.url,
          requests: coldReads(),
        }),
      ),
    pipelineRead: () =>
      accounted(pipelineFloor.child.pid!, () =>
        bench.measure(PIPELINE_READ, { url: pipelineFloor.url, requests: floorPaths('read') }),
      ),
    floorCounted: () =>
      bench.measure(
        'read floor: bare Fastify, reads counted in Redis, one INCRBY per event-loop turn, answer in memory',
        { url: `${floor.url}/counted` },
      ),
    floorOne: () =>
      bench.measure('read floor: bare Fastify, one SELECT per read', {
        url: floor.url,
        requests: floorPaths('one'),
      }),
    floorGrouped: () =>
      bench.measure("read floor: bare Fastify, one SELECT per event-loop turn's reads", {
        url: floor.url,
        requests: floorPaths('grouped'),
      }),
    nestHello: () =>
      bench.measure('Nest floor: bare Nest on Fastify, hello-world', { url: `${nestFloor.url}/hello` }),
  };
}
