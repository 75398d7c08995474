/**
 * The pilot app API's single-flight POSTs and imports of 1,000 flights, each beside the floor of the
 * rows it writes (support/durable-write-floor.ts) just before it, in rounds, with the goals' first
 * yardsticks once; every write run waits for the relay (a process of its own) to empty the outbox and
 * for the tables to be analyzed. Settings: BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_REPEATS
 * (3), BENCH_IMPORT_CONNECTIONS (4). Writes bench/results/ingestion.json.
 */
import type autocannon from 'autocannon';
import { WithPilotTokenSigning } from '@pft/logbook/pilot-auth/pilot-token-variables';
import { createDataSource, loadConfig, NodeEnvVariables } from '@pft/platform';
import { freePort, testKafka, waitFor } from '@pft/testing';
import {
  benchmark,
  benchSetting,
  BenchRun,
  expectAnsweredWell,
  median,
  medianRun,
  roundSettings,
  roundShares,
  share,
} from '../support/bench-run';
import { analyzeDatabase } from '../support/analyze';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { startHelloWorld } from '../support/bare-server';
import { type Measured } from '../support/measure';
import {
  flightPosts,
  IMPORT_SIZE,
  importPosts,
  singlePosts,
  startRelayProcess,
  writeAppEnv,
} from './write-loads';

// Rounds of the write runs and their floors: one run each was too noisy a share.
const { seconds: SECONDS, connections: CONNECTIONS, repeats: ROUNDS } = roundSettings(32);
const IMPORT_CONNECTIONS = benchSetting('IMPORT_CONNECTIONS', 4);

benchmark(
  'pilot app API writes beside their floors',
  new BenchRun('ingestion', { seconds: SECONDS, connections: CONNECTIONS }),
  async (bench) => {
    const secret = loadConfig(WithPilotTokenSigning(NodeEnvVariables)).JWT_SECRET;
    const db = await bench.database();
    const kafka = testKafka('bench-ingestion');
    const topic = await bench.topic(kafka, 'bench-ingestion', 12);
    const hello = await bench.floor(startHelloWorld(await freePort()));
    const groupedFloor = await bench.floor(startDurableWriteFloor(await freePort(), db.url, 20, true));
    // The floors writing the app's rows do so in a database of their own, out of the relay's way.
    const rowsFloorDb = await bench.database();
    const rowsFloor = await bench.floor(startDurableWriteFloor(await freePort(), rowsFloorDb.url, 20));
    const appEnv = writeAppEnv(db.url, topic);
    const app = await bench.app('ingestion', appEnv);
    const relay = startRelayProcess(bench, appEnv);
    const dataSource = await createDataSource(db.url, 1).initialize();
    bench.defer(() => dataSource.destroy());
    const drained = async (): Promise<void> => {
      await waitFor(
        async () =>
          (await dataSource.query('select 1 from event_outbox limit 1')).length === 0 ? true : undefined,
        300_000,
        `an empty outbox (the relay had said: ${relay.output().slice(-500) || 'nothing'})`,
      );
      await analyzeDatabase(db.url);
    };
    const single = singlePosts(secret);
    const imports = importPosts('/pilot/v1/flights/import', secret);
    await bench.warm({ url: hello.url });
    await bench.warm({ url: app.url, requests: single });

    const floorImports = (path: string): autocannon.Options => ({
      url: rowsFloor.url,
      connections: IMPORT_CONNECTIONS,
      requests: importPosts(path),
    });
    const bare = await bench.measure('hello-world', { url: hello.url });
    const groupedFloorRun = await bench.measure(
      "durable-write floor: bare Fastify, one INSERT and commit per event-loop turn's POSTs",
      { url: groupedFloor.url, requests: flightPosts('/') },
    );
    const importFloorRun = await bench.measure(
      `durable-write floor: bare Fastify, ${IMPORT_SIZE} flights per POST`,
      floorImports('/import'),
    );
    const importRowsFloorRun = await bench.measure(
      `durable-write floor: bare Fastify, the import's rows for ${IMPORT_SIZE} flights per POST`,
      floorImports('/import-rows'),
    );

    const rounds = { post: [] as Measured[], imported: [] as Measured[] };
    const floors = { post: [] as Measured[], imported: [] as Measured[] };
    for (let round = 0; round < ROUNDS; round++) {
      floors.post.push(
        await bench.measure(
          "durable-write floor: bare Fastify, the app's rows for one flight, one statement per event-loop turn's POSTs",
          { url: rowsFloor.url, requests: flightPosts('/rows') },
        ),
      );
      await drained();
      rounds.post.push(await bench.measure('POST /pilot/v1/flights', { url: app.url, requests: single }));
      floors.imported.push(
        await bench.measure(
          `durable-write floor: bare Fastify, the import's rows for ${IMPORT_SIZE} flights per POST, payloads sealed`,
          floorImports('/import-sealed-rows'),
        ),
      );
      await drained();
      rounds.imported.push(
        await bench.measure(`POST /pilot/v1/flights/import (${IMPORT_SIZE} flights)`, {
          url: app.url,
          connections: IMPORT_CONNECTIONS,
          requests: imports,
        }),
      );
    }
    // Unrounded rates: at about 20 imports a second, a rounded one moves in steps of 1,000 flights.
    const exact = (r: Measured): number => r.requests_per_second_exact;
    const postShares = roundShares(rounds.post, floors.post);
    const importShares = roundShares(rounds.imported, floors.imported);
    const post = medianRun(rounds.post, exact);
    const imported = medianRun(rounds.imported, exact);
    const sealedRowsFloorRun = medianRun(floors.imported, exact);
    const flights = (r: Measured): number => Math.round(exact(r) * IMPORT_SIZE);

    const result = {
      settings: {
        seconds_per_run: SECONDS,
        connections: CONNECTIONS,
        import_connections: IMPORT_CONNECTIONS,
      },
      runs: [
        bare,
        groupedFloorRun,
        medianRun(floors.post, exact),
        importFloorRun,
        importRowsFloorRun,
        sealedRowsFloorRun,
        post,
        imported,
      ],
      write_rounds: rounds,
      post_floor_rounds: floors.post,
      import_floor_rounds: floors.imported,
      import_flights_per_second: flights(imported),
      import_floor_flights_per_second: flights(importFloorRun),
      import_rows_floor_flights_per_second: flights(importRowsFloorRun),
      import_sealed_rows_floor_flights_per_second: flights(sealedRowsFloorRun),
      ratios: {
        single_post_vs_rows_per_turn_floor: median(postShares),
        single_post_vs_rows_per_turn_floor_by_round: postShares,
        single_post_vs_grouped_durable_write_floor: share(exact(post), exact(groupedFloorRun)),
        import_vs_sealed_rows_floor: median(importShares),
        import_vs_sealed_rows_floor_by_round: importShares,
        import_vs_rows_floor: share(exact(imported), exact(importRowsFloorRun)),
        import_vs_floor: share(exact(imported), exact(importFloorRun)),
      },
      goals: {
        "single POST at 0.5x its rows' floor (the app's rows, one statement per turn) or better":
          median(postShares) >= 0.5,
        'import at 0.5x its floor (the same rows, payloads sealed, in one statement) or better':
          median(importShares) >= 0.5,
      },
    };
    bench.write(result, { ratios: result.ratios, goals: result.goals });
    expectAnsweredWell([
      bare,
      groupedFloorRun,
      importFloorRun,
      importRowsFloorRun,
      ...Object.values(rounds).flat(),
      ...Object.values(floors).flat(),
    ]);
  },
  1_800_000,
);
