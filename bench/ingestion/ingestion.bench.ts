/**
 * The pilot app API's write throughput beside a bare Fastify hello-world, both as processes on this
 * machine, the load generator (autocannon) in this process on the same machine, in one run:
 *
 *   npm run build && npx jest bench/ingestion --selectProjects bench
 *
 * (BENCH_SECONDS per run, default 10; BENCH_CONNECTIONS, default 32; BENCH_IMPORT_CONNECTIONS,
 * default 4.) The result goes to bench/results/ingestion.json.
 *
 * Runs: hello-world; the app's own /health/live (what the shared HTTP stack costs alone); the
 * durable-write floors, bare Fastify servers that only store what is POSTed (each flight as one row):
 * one commit per POST, then the POSTs of one event-loop turn in one statement and commit, then imports
 * of 1,000 flights as one statement: the least such writes cost on this machine, whatever the app does
 * besides; then the single POST's own floor, the rows a POST writes (an event, its outbox row and the
 * flight, in the app's tables), the POSTs of one event-loop turn by one statement; then the import's
 * plain floor, the rows an import writes (its events, their outbox rows and its flights, in the app's
 * tables) for 1,000 flights by one statement; then the import's own floor, the same rows with each
 * payload sealed as the app seals it (node:crypto) and the pilot's data key row, measured in each
 * round just before its imports; single-flight POSTs, a new flight each for 500 pilots;
 * imports of 1,000 flights, each for a new pilot. The relay publishes what they write as it does in production, on the relay's default Kafka client (RELAY_KAFKA_CLIENT), to a topic of this run, in a process of its
 * own (relay-main.js, as a deployment may run it), so that neither app carries it for the other; each
 * write run starts once it has emptied the outbox, so that no run pays for another's backlog. Both write runs are made by
 * the app as deployed (the pilots' payloads sealed with their data keys) and by a second app with
 * PFT_SEAL_PAYLOADS=false, on the same database, in SEALING_ROUNDS rounds (sealing-rounds.ts) whose order alternates
 * (sealed then plain, plain then sealed, ...), each figure the median of its rounds, so that what
 * sealing costs is a share of the same run (goal: sealed at 0.85x the plain or better).
 *
 * Then the relay, on each Kafka client of BENCH_KAFKA_CLIENTS (default "kafkajs,platformatic"): a
 * burst of imports (BENCH_RELAY_EVENTS flights, default 20,000 per BENCH_SECONDS) into the outbox of a
 * database of its own, through an ingestion app with its relay off; then the ingestion app with its
 * relay on and KAFKA_CLIENT set to the client, timed until the outbox is empty (relay-drain.ts); then
 * the floor, the client's bare producer sending the same events as the same messages the way the
 * relay sends them. Rounds alternate the clients' order (A B, B A, ...); each figure is the median
 * of BENCH_REPEATS rounds (default 2).
 */
import type autocannon from 'autocannon';
import { AppConfig, createDataSource, loadConfig } from '@pft/platform';
import { flightBody, freePort, testKafka } from '@pft/testing';
import { benchmark, benchSetting, BenchRun, expectAnsweredWell, share } from '../support/bench-run';
import { analyzeDatabase } from '../support/analyze';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { startHelloWorld } from '../support/hello-world';
import { benchKafkaClients, goalKafkaClient, median } from '../support/kafka-clients';
import { type Measured } from '../support/measure';
import { outboxEmpty } from './relay-drain';
import { measureRelay } from './relay-rounds';
import { measureSealedAndPlain, medianRun } from './sealing-rounds';
import { importPosts, singlePosts, startRelayProcess, writeAppEnv } from './write-loads';

const SECONDS = benchSetting('SECONDS', 10);
const CONNECTIONS = benchSetting('CONNECTIONS', 32);
const IMPORT_CONNECTIONS = benchSetting('IMPORT_CONNECTIONS', 4);
const IMPORT_SIZE = 1000;
const CLIENTS = benchKafkaClients();
const REPEATS = Math.max(1, benchSetting('REPEATS', 2));
/** The client of the relay in the HTTP runs, whose figures are judged against the goals. */
const GOAL_CLIENT = goalKafkaClient(CLIENTS, true);
/** Events in the outbox for each relay run: whole imports of IMPORT_SIZE flights. */
const RELAY_IMPORTS = Math.max(1, Math.ceil(benchSetting('RELAY_EVENTS', 20_000 * SECONDS) / IMPORT_SIZE));
/** The relay's events per Kafka request, as the apps run it. */
const RELAY_BATCH_SIZE = new AppConfig().RELAY_BATCH_SIZE;

benchmark(
  'pilot app API writes against a bare Fastify hello-world',
  new BenchRun('ingestion', { seconds: SECONDS, connections: CONNECTIONS }),
  async (bench) => {
    const secret = loadConfig().JWT_SECRET;
    const db = await bench.database();
    const kafka = testKafka('bench-ingestion');
    const topic = await bench.topic(kafka, 'bench-ingestion', 12);
    const hello = await bench.floor(startHelloWorld(await freePort()));
    const floor = await bench.floor(startDurableWriteFloor(await freePort(), db.url, 20));
    const groupedFloor = await bench.floor(startDurableWriteFloor(await freePort(), db.url, 20, true));
    // The import's floor writes the app's rows in a database of its own, out of the app's relay's way.
    const rowsFloorDb = await bench.database();
    const rowsFloor = await bench.floor(startDurableWriteFloor(await freePort(), rowsFloorDb.url, 20));
    const appEnv = { ...writeAppEnv(db.url, topic), RELAY_KAFKA_CLIENT: GOAL_CLIENT };
    const app = await bench.app('ingestion', appEnv);
    // The same app without sealing, for what sealing costs (PFT_SEAL_PAYLOADS is refused in production).
    const plainApp = await bench.app('ingestion', { ...appEnv, PFT_SEAL_PAYLOADS: 'false' });
    const relayProcess = startRelayProcess(bench, appEnv);
    const dataSource = await createDataSource(db.url, 1).initialize();
    bench.defer(() => dataSource.destroy());
    const rate = (run: { requests_per_second: number }): number => run.requests_per_second;
    const outboxEmptied = outboxEmpty(dataSource, relayProcess.output);
    // Each write run starts on analyzed tables, as autovacuum would leave them (support/analyze.ts).
    const outboxDrained = async (): Promise<void> => {
      await outboxEmptied();
      await analyzeDatabase(db.url);
    };
    const single = singlePosts(secret);
    const imports = importPosts('/pilot/v1/flights/import', IMPORT_SIZE, secret);

    // Warm-up: JIT, connection pools.
    await bench.warm({ url: hello.url });
    await bench.warm({ url: app.url, requests: single });
    await bench.warm({ url: plainApp.url, requests: single });

    const bare = await bench.measure('hello-world', { url: hello.url });
    const live = await bench.measure('ingestion /health/live', { url: `${app.url}/health/live` });
    const storeFlight = (url: string): autocannon.Options => ({
      url,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(flightBody()) }),
        },
      ],
    });
    const floorRun = await bench.measure(
      'durable-write floor: bare Fastify, one INSERT and commit per POST',
      storeFlight(floor.url),
    );
    const groupedFloorRun = await bench.measure(
      "durable-write floor: bare Fastify, one INSERT and commit per event-loop turn's POSTs",
      storeFlight(groupedFloor.url),
    );
    // What Postgres alone costs for the rows a single POST writes: the POST's floor (see the report),
    // measured in each round of the write runs below, just before its POSTs.
    const postFloor = (): Promise<Measured> =>
      bench.measure(
        "durable-write floor: bare Fastify, the app's rows for one flight, one statement per event-loop turn's POSTs",
        storeFlight(`${rowsFloor.url}rows`),
      );
    const floorImports = (url: string, path: string): autocannon.Options => ({
      url,
      connections: IMPORT_CONNECTIONS,
      requests: importPosts(path, IMPORT_SIZE),
    });
    const importFloorRun = await bench.measure(
      `durable-write floor: bare Fastify, ${IMPORT_SIZE} flights per POST`,
      floorImports(floor.url, '/import'),
    );
    const importRowsFloorRun = await bench.measure(
      `durable-write floor: bare Fastify, the import's rows for ${IMPORT_SIZE} flights per POST`,
      floorImports(rowsFloor.url, '/import-rows'),
    );
    // What node:crypto and Postgres alone cost for an import's sealed rows: the import's floor (see the
    // report), measured in each round of the write runs below, just before its imports.
    const importFloor = (): Promise<Measured> =>
      bench.measure(
        `durable-write floor: bare Fastify, the import's rows for ${IMPORT_SIZE} flights per POST, payloads sealed`,
        floorImports(rowsFloor.url, '/import-sealed-rows'),
      );
    const sealing = await measureSealedAndPlain(
      bench,
      { sealed: app.url, plain: plainApp.url },
      { single, imports, importConnections: IMPORT_CONNECTIONS, importSize: IMPORT_SIZE },
      outboxDrained,
      { post: postFloor, imported: importFloor },
    );
    // The POST's share of its floor: each round's POST (sealed) over the floor measured just before it.
    const postShares = sealing.rounds.post.map((p, i) => share(rate(p), rate(sealing.postFloors[i]!)));
    const postShare = median(postShares);
    const rowsPerTurnRun = medianRun(sealing.postFloors);
    // The import's share of its floor, the same way: each round's import (sealed) over the sealed rows
    // floor measured just before it.
    const importShares = sealing.rounds.imported.map((r, i) =>
      share(r.requests_per_second_exact, sealing.importFloors[i]!.requests_per_second_exact),
    );
    const importShare = median(importShares);
    const sealedRowsFloorRun = medianRun(sealing.importFloors);
    await plainApp.stop();
    const { post, postPlain, imported, importedPlain } = sealing.medians;
    // From the unrounded rate: at about 20 imports a second, a rounded one moves in steps of 1,000 flights.
    const flightsPerSecond = Math.round(imported.requests_per_second_exact * IMPORT_SIZE);

    // The relay runs alone: the apps and the relay process would otherwise share the machine with it.
    await app.stop();
    await relayProcess.stop();
    const relay = await measureRelay(bench, kafka, imports, {
      clients: CLIENTS,
      repeats: REPEATS,
      importConnections: IMPORT_CONNECTIONS,
      relayImports: RELAY_IMPORTS,
      importSize: IMPORT_SIZE,
      batchSize: RELAY_BATCH_SIZE,
    });

    const result = {
      settings: {
        seconds_per_run: SECONDS,
        connections: CONNECTIONS,
        import_connections: IMPORT_CONNECTIONS,
        kafka_client: GOAL_CLIENT,
      },
      runs: [
        bare,
        live,
        floorRun,
        groupedFloorRun,
        rowsPerTurnRun,
        importFloorRun,
        importRowsFloorRun,
        sealedRowsFloorRun,
        post,
        imported,
        postPlain,
        importedPlain,
      ],
      write_rounds: sealing.rounds,
      // The single POST's floor of each round, measured just before that round's POSTs.
      post_floor_rounds: sealing.postFloors,
      // The import's floor of each round, measured just before that round's imports.
      import_floor_rounds: sealing.importFloors,
      import_flights_per_second: flightsPerSecond,
      import_floor_flights_per_second: Math.round(importFloorRun.requests_per_second_exact * IMPORT_SIZE),
      import_rows_floor_flights_per_second: Math.round(
        importRowsFloorRun.requests_per_second_exact * IMPORT_SIZE,
      ),
      import_sealed_rows_floor_flights_per_second: Math.round(
        sealedRowsFloorRun.requests_per_second_exact * IMPORT_SIZE,
      ),
      relay,
      ratios: {
        single_post_vs_hello: share(rate(post), rate(bare)),
        live_route_vs_hello: share(rate(live), rate(bare)),
        single_post_vs_live_route: share(rate(post), rate(live)),
        durable_write_floor_vs_hello: share(rate(floorRun), rate(bare)),
        grouped_durable_write_floor_vs_hello: share(rate(groupedFloorRun), rate(bare)),
        single_post_vs_durable_write_floor: share(rate(post), rate(floorRun)),
        single_post_vs_grouped_durable_write_floor: share(rate(post), rate(groupedFloorRun)),
        single_post_vs_rows_per_turn_floor: postShare,
        single_post_vs_rows_per_turn_floor_by_round: postShares,
        import_vs_floor: share(imported.requests_per_second_exact, importFloorRun.requests_per_second_exact),
        import_vs_rows_floor: share(
          imported.requests_per_second_exact,
          importRowsFloorRun.requests_per_second_exact,
        ),
        import_vs_sealed_rows_floor: importShare,
        import_vs_sealed_rows_floor_by_round: importShares,
        single_post_sealed_vs_plain: share(rate(post), rate(postPlain)),
        import_sealed_vs_plain: share(
          imported.requests_per_second_exact,
          importedPlain.requests_per_second_exact,
        ),
      },
      goals: {
        "single POST at 0.5x its rows' floor (the app's rows, one statement per turn) or better":
          postShare >= 0.5,
        'import at 0.5x its floor (the same rows, payloads sealed, in one statement) or better':
          importShare >= 0.5,
        'sealing: single POST at 0.85x the plain app or better': rate(post) >= 0.85 * rate(postPlain),
        'sealing: import at 0.85x the plain app or better':
          imported.requests_per_second_exact >= 0.85 * importedPlain.requests_per_second_exact,
      },
    };
    const file = bench.write(result);
    const relayFigures = Object.fromEntries(
      Object.entries(relay.by_client).map(([c, f]) => [
        c,
        {
          relay: Math.round(f.drain.events_per_second),
          floor: Math.round(f.producer_floor.events_per_second),
          ratio: +f.ratio_to_floor.toFixed(3),
        },
      ]),
    );
    process.stdout.write(
      `${JSON.stringify({ ratios: result.ratios, goals: result.goals, flightsPerSecond, relay: relayFigures }, null, 2)}\n${file}\n`,
    );
    expectAnsweredWell([
      ...result.runs,
      ...Object.values(sealing.rounds).flat(),
      ...sealing.postFloors,
      ...sealing.importFloors,
    ]);
  },
  1_800_000,
);
