import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { mintPilotToken } from '@pft/access/pilot-auth/pilot-jwt';
import { loadConfig } from '@pft/platform';
import { flightBody, freePort } from '@pft/testing';
import { type BenchRun } from '../support/bench-run';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { roundOrder } from '../support/kafka-clients';
import { BUILDS, type BuildName, type FigureRuns, migratedDatabases } from './compared-builds';

/** Flights per import, as bench/ingestion sends them. */
export const IMPORT_SIZE = 1000;

/**
 * The pilot app API's logbook import (`POST /pilot/v1/flights/import`, IMPORT_SIZE flights, each
 * import for a new pilot, bodies made up front) on both builds, in alternating rounds, as
 * bench/ingestion measures it: each build's ingestion app on a database of its own migrated by its
 * own command line, its relay off; beside the durable-write floor storing the same flights as rows by
 * one INSERT per POST, measured first in every round.
 */
export async function compareImports(
  bench: BenchRun,
  builds: Record<BuildName, string>,
  options: { rounds: number; connections: number },
): Promise<FigureRuns> {
  const databases = await migratedDatabases(bench, builds);
  const floorDb = await bench.database();
  const floor = await bench.floor(startDurableWriteFloor(await freePort(), floorDb.url, 20));
  const secret = loadConfig().JWT_SECRET;
  const bodies = Array.from({ length: 32 }, () =>
    JSON.stringify({ flights: Array.from({ length: IMPORT_SIZE }, () => flightBody()) }),
  );
  let next = 0;
  const importing = (path: string, auth: boolean): autocannon.Request[] => [
    {
      method: 'POST',
      path,
      setupRequest: (req) => ({
        ...req,
        headers: {
          'content-type': 'application/json',
          // A new pilot for each import: the same flights again for the same pilot record nothing.
          ...(auth ? { authorization: `Bearer ${mintPilotToken(secret, randomUUID(), 3600)}` } : {}),
        },
        body: bodies[next++ % bodies.length]!,
      }),
    },
  ];

  const runs: FigureRuns = { baseline: [], current: [], floor: [] };
  for (let round = 0; round < options.rounds; round++) {
    runs.floor.push(
      await bench.measure(`durable-write floor: ${IMPORT_SIZE} flights per POST, one INSERT`, {
        url: floor.url,
        connections: options.connections,
        requests: importing('/import', false),
      }),
    );
    for (const build of roundOrder(BUILDS, round)) {
      const app = await bench.app(
        'ingestion',
        {
          DATABASE_URL: databases[build],
          DATABASE_POOL_SIZE: '20',
          RELAY_ENABLED: 'false',
          LOG_LEVEL: 'warn',
        },
        { buildDir: builds[build] },
      );
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
