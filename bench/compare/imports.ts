import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { WithPilotTokenSigning } from '@pft/logbook/pilot-auth/pilot-token-variables';
import { loadConfig, NodeEnvVariables } from '@pft/platform';
import { flightBody, freePort } from '@pft/testing';
import { type BenchRun } from '../support/bench-run';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { analyzeDatabase } from '../support/analyze';
import { roundOrder } from '../support/bench-run';
import { type Measured, posting } from '../support/measure';
import {
  BUILDS,
  type BuildName,
  comparedIngestion,
  type FigureRuns,
  migratedDatabases,
} from './compared-builds';

/** Flights per import, as bench/ingestion sends them. */
export const IMPORT_SIZE = 1000;

/**
 * The pilot app API's logbook import (`POST /pilot/v1/flights/import`, IMPORT_SIZE flights, each
 * import for a new pilot, bodies made up front) on both builds, in alternating rounds, as
 * bench/ingestion measures it: each variant's ingestion app on a database of its own migrated by its
 * own command line, its relay off; beside the durable-write floor storing the same flights as rows by
 * one INSERT per POST, measured first in every round.
 */
export async function compareImports(
  bench: BenchRun,
  builds: Record<BuildName, string>,
  options: { rounds: number; connections: number },
): Promise<FigureRuns<Measured>> {
  const databases = await migratedDatabases(bench, builds);
  const floorDb = await bench.database();
  const floor = await bench.floor(startDurableWriteFloor(await freePort(), floorDb.url, 20));
  const secret = loadConfig(WithPilotTokenSigning(NodeEnvVariables)).JWT_SECRET;
  const bodies = Array.from({ length: 32 }, () =>
    JSON.stringify({ flights: Array.from({ length: IMPORT_SIZE }, () => flightBody()) }),
  );
  let next = 0;
  const importing = (path: string, auth: boolean): autocannon.Request[] =>
    posting(path, () => ({
      // A new pilot for each import: the same flights again for the same pilot record nothing.
      token: auth ? mintPilotToken(secret, randomUUID(), 3600) : undefined,
      body: bodies[next++ % bodies.length]!,
    }));

  const runs: FigureRuns<Measured> = { baseline: [], current: [], floor: [] };
  for (let round = 0; round < options.rounds; round++) {
    // As autovacuum would: the rounds fill each build's tables (support/analyze.ts).
    for (const url of [...Object.values(databases), floorDb.url]) await analyzeDatabase(url);
    runs.floor.push(
      await bench.measure(`durable-write floor: ${IMPORT_SIZE} flights per POST, one INSERT`, {
        url: floor.url,
        connections: options.connections,
        requests: importing('/import', false),
      }),
    );
    for (const build of roundOrder(BUILDS, round)) {
      const app = await comparedIngestion(bench, databases[build], builds[build]);
      await bench.warm({
        url: app.url,
        connections: options.connections,
        requests: importing('/pilot/v1/flights/import', true),
      });
      runs[build].push(
        await bench.measure(`POST /pilot/v1/flights/import (${build})`, {
          url: app.url,
          connections: options.connections,
          requests: importing('/pilot/v1/flights/import', true),
        }),
      );
      await app.stop();
    }
  }
  return runs;
}
