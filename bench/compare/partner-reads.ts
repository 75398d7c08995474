import { createDataSource } from '@pft/platform';
import { freePort } from '@pft/testing';
import {
  type BenchPilot,
  benchPilots,
  linkBenchPilots,
  READ_PILOTS,
  readPaths,
} from '../partner-api/bench-data';
import { type BenchRun, roundOrder } from '../support/bench-run';
import { type Measured, rotating } from '../support/measure';
import { NEST_FLOOR_RUNS, startNestFloor } from '../support/nest-floor';
import { partnerApiEnv } from '../support/partner-reads-prefix';
import {
  BUILDS,
  type BuildName,
  compareFigure,
  type ComparedFigure,
  type FigureRuns,
  migratedDatabases,
  runCli,
} from './compared-builds';

const BATCH_SIZE = 50;
/** The per-minute limit a build's command line issues a key with at most; raised past reach after. */
const CLI_MAX_RATE_LIMIT = '1000000';

/**
 * One partner and its key, made by the build's own command line (its own columns, key format and
 * hashing), with `pilots` linked and projected by SQL every schema since the tree was reshaped accepts
 * (the same pilots and figures for both builds). Returns the key.
 */
async function seedReads(
  buildDir: string,
  databaseUrl: string,
  pilots: readonly BenchPilot[],
): Promise<string> {
  const json = (out: string): Record<string, unknown> =>
    JSON.parse(out.slice(out.indexOf('{'))) as Record<string, unknown>;
  // The command line prints its JSON in snake_case.
  const { partner_id: partnerId } = json(
    runCli(buildDir, databaseUrl, ['partners', 'create', 'Benchmark Air', '--json']),
  );
  if (typeof partnerId !== 'string') throw new Error(`no partner from the command line of ${buildDir}`);
  const { key } = json(
    runCli(buildDir, databaseUrl, [
      ...['keys', 'create', '--partner', partnerId, '--scopes', 'pilot-totals'],
      ...['--rate-limit', CLI_MAX_RATE_LIMIT, '--json'],
    ]),
  );
  if (typeof key !== 'string') throw new Error(`no key from the command line of ${buildDir}`);
  const dataSource = await createDataSource(databaseUrl, 2).initialize();
  try {
    await dataSource.query('update api_keys set rate_limit = 1000000000 where partner_id = $1', [partnerId]);
    await linkBenchPilots(dataSource, partnerId, pilots);
  } finally {
    await dataSource.destroy();
  }
  return key;
}

interface ReadsCompared {
  load: { connections: number; pilots: number; batch_size: number };
  runs: { single_warm: FigureRuns<Measured>; batch: FigureRuns<Measured>; single_cold: FigureRuns<Measured> };
  figures: ComparedFigure[];
}

/**
 * The partner API's warm single read, cold single read and batch of 50 on both builds, in alternating
 * rounds, measured as bench/partner-api measures them (its connections, the warm read asking for one
 * pilot again and again, the cold one for another of 30,000 pilots each time, the batches rotating over
 * the first 10,000), with the Nest floors measured first in every round (answering from memory for the
 * warm read and the batch, one SELECT per event-loop turn's reads for the cold one): each build's
 * partner API is started on its own database per round, warmed with the single read, measured (the
 * warm read, the cold one, then the batches after their warm-up) and stopped, the other build's after it.
 */
export async function compareReads(
  bench: BenchRun,
  builds: Record<BuildName, string>,
  options: { rounds: number; connections: number },
): Promise<ReadsCompared> {
  const pilots = benchPilots(READ_PILOTS);
  const databases = await migratedDatabases(bench, builds);
  const keys: Record<BuildName, string> = { baseline: '', current: '' };
  for (const build of BUILDS) keys[build] = await seedReads(builds[build], databases[build], pilots);

  const floor = await bench.floor(startNestFloor(await freePort(), databases.current));
  const pilotIds = pilots.map((p) => p.pilotId);
  const { single: singlePath, cold: coldPaths, batches } = readPaths(pilotIds);
  const floorReadPaths = rotating(pilotIds.map((id) => `/read?id=${id}`));
  const { connections } = options;

  const runs = {
    single_warm: { baseline: [], current: [], floor: [] } as FigureRuns<Measured>,
    batch: { baseline: [], current: [], floor: [] } as FigureRuns<Measured>,
    single_cold: { baseline: [], current: [], floor: [] } as FigureRuns<Measured>,
  };
  for (let round = 0; round < options.rounds; round++) {
    const floorRun = await bench.measure(NEST_FLOOR_RUNS.counted, {
      url: `${floor.url}/counted`,
      connections,
    });
    runs.single_warm.floor.push(floorRun);
    runs.batch.floor.push(floorRun);
    runs.single_cold.floor.push(
      await bench.measure(NEST_FLOOR_RUNS.read, { url: floor.url, requests: floorReadPaths, connections }),
    );
    for (const build of roundOrder(BUILDS, round)) {
      const env = await partnerApiEnv(databases[build], build);
      const app = await bench.app('partner-api', env, { buildDir: builds[build] });
      const auth = { authorization: `Bearer ${keys[build]}` };
      await bench.warm({ url: `${app.url}${singlePath}`, headers: auth });
      runs.single_warm[build].push(
        await bench.measure(`single read, warm (${build})`, {
          url: `${app.url}${singlePath}`,
          headers: auth,
          connections,
        }),
      );
      runs.single_cold[build].push(
        await bench.measure(`single read, cold (${build})`, {
          url: app.url,
          requests: rotating(coldPaths, auth),
          connections,
        }),
      );
      await bench.warm({ url: app.url, requests: rotating(batches, auth) });
      runs.batch[build].push(
        await bench.measure(`batch of ${BATCH_SIZE} (${build})`, {
          url: app.url,
          requests: rotating(batches, auth),
          connections,
        }),
      );
      await app.stop();
    }
  }
  return {
    load: { connections, pilots: READ_PILOTS, batch_size: BATCH_SIZE },
    runs,
    figures: [
      compareFigure('partner single read, warm', runs.single_warm),
      compareFigure(`partner batch of ${BATCH_SIZE}`, runs.batch),
      compareFigure('partner single read, cold', runs.single_cold),
    ],
  };
}
