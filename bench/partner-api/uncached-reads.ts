import type autocannon from 'autocannon';
import { type BenchRun } from '../support/bench-run';
import { type Measured } from '../support/measure';
import { median } from './paced-reads';

type MedianRun = Measured & { repeats: number[] };

/**
 * The partner API with its totals cache off (PARTNER_TOTALS_CACHE_MS=0): every answer read from
 * Postgres, rotating over the cold reads' pilots, `repeats` times, each beside the two database floors
 * measured again, so its share of them is taken within the same minutes, not against floors measured
 * before. The median run of each.
 */
export async function measureUncachedReads(
  bench: BenchRun,
  options: {
    env: Record<string, string>;
    /** The read floor (read-floor.ts): its `/one` and `/grouped` routes. */
    floorUrl: string;
    coldReads: () => autocannon.Request[];
    floorPaths: (route: string) => autocannon.Request[];
    singlePath: string;
    auth: Record<string, string>;
    repeats: number;
  },
): Promise<{ uncached: MedianRun; floorOne: MedianRun; floorGrouped: MedianRun }> {
  const api = await bench.app('partner-api', {
    ...options.env,
    PARTNER_REDIS_PREFIX: `bench:${Date.now()}:`,
    PARTNER_TOTALS_CACHE_MS: '0',
  });
  await bench.warm({ url: `${api.url}${options.singlePath}`, headers: options.auth });
  const rounds: { uncached: Measured[]; floorOne: Measured[]; floorGrouped: Measured[] } = {
    uncached: [],
    floorOne: [],
    floorGrouped: [],
  };
  for (let n = 0; n < options.repeats; n++) {
    rounds.uncached.push(
      await bench.measure('single read, every answer from the database', {
        url: api.url,
        requests: options.coldReads(),
      }),
    );
    rounds.floorOne.push(
      await bench.measure(
        'read floor: bare Fastify, one SELECT per read, beside the reads from the database',
        {
          url: options.floorUrl,
          requests: options.floorPaths('one'),
        },
      ),
    );
    rounds.floorGrouped.push(
      await bench.measure(
        "read floor: bare Fastify, one SELECT per event-loop turn's reads, beside the reads from the database",
        { url: options.floorUrl, requests: options.floorPaths('grouped') },
      ),
    );
  }
  const byRate = (r: Measured): number => r.requests_per_second;
  return {
    uncached: median(rounds.uncached, byRate),
    floorOne: median(rounds.floorOne, byRate),
    floorGrouped: median(rounds.floorGrouped, byRate),
  };
}
