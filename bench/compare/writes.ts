import { WithPilotTokenSigning } from '@pft/logbook/pilot-auth/pilot-token-variables';
import { loadConfig, NodeEnvVariables } from '@pft/platform';
import { freePort } from '@pft/testing';
import { flightPosts, IMPORT_SIZE, importPosts, singlePosts } from '../ingestion/write-loads';
import { analyzeDatabase } from '../support/analyze';
import { type BenchRun, roundOrder } from '../support/bench-run';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { type Measured } from '../support/measure';
import {
  BUILDS,
  type BuildName,
  comparedIngestion,
  type FigureRuns,
  migratedDatabases,
} from './compared-builds';

/**
 * The pilot app API's writes on both builds, in alternating rounds, as bench/ingestion measures them:
 * `post`, the single-flight POST, beside the durable-write floor's one INSERT and commit per POST;
 * `import`, IMPORT_SIZE flights for a new pilot each, beside the floor storing the same flights by one
 * INSERT per POST. Each build's ingestion app on a database of its own migrated by its own command line,
 * its relay off; the floor measured first in every round.
 */
export async function compareWrites(
  bench: BenchRun,
  builds: Record<BuildName, string>,
  write: 'post' | 'import',
  options: { rounds: number; connections: number },
): Promise<FigureRuns<Measured>> {
  const databases = await migratedDatabases(bench, builds);
  const floorDb = await bench.database();
  const floor = await bench.floor(startDurableWriteFloor(await freePort(), floorDb.url, 20));
  const secret = loadConfig(WithPilotTokenSigning(NodeEnvVariables)).JWT_SECRET;
  const { connections } = options;
  const load =
    write === 'post'
      ? {
          floor: 'durable-write floor: one INSERT and commit per POST',
          floorRequests: flightPosts('/'),
          path: '/pilot/v1/flights',
          requests: singlePosts(secret),
          warm: {},
        }
      : {
          floor: `durable-write floor: ${IMPORT_SIZE} flights per POST, one INSERT`,
          floorRequests: importPosts('/import'),
          path: '/pilot/v1/flights/import',
          requests: importPosts('/pilot/v1/flights/import', secret),
          warm: { connections },
        };
  const runs: FigureRuns<Measured> = { baseline: [], current: [], floor: [] };
  for (let round = 0; round < options.rounds; round++) {
    // As autovacuum would: the rounds of imports fill each build's tables (support/analyze.ts).
    if (write === 'import')
      for (const url of [...Object.values(databases), floorDb.url]) await analyzeDatabase(url);
    runs.floor.push(
      await bench.measure(load.floor, { url: floor.url, connections, requests: load.floorRequests }),
    );
    for (const build of roundOrder(BUILDS, round)) {
      const app = await comparedIngestion(bench, databases[build], builds[build]);
      await bench.warm({ url: app.url, requests: load.requests, ...load.warm });
      runs[build].push(
        await bench.measure(`POST ${load.path} (${build})`, {
          url: app.url,
          connections,
          requests: load.requests,
        }),
      );
      await app.stop();
    }
  }
  return runs;
}
