/**
 * Where the machine's CPU goes for a single-flight POST, by process, beside the one-commit-per-turn
 * floor in the same run:
 *
 *   npm run build:test && npx jest bench/ingestion/write-cpu.bench.ts --selectProjects bench
 *
 * Each run is a closed-loop load (BENCH_SECONDS, default 10; BENCH_CONNECTIONS, default 32) while the
 * CPU time of every process that takes part is read from /proc: the server (the floor, or the
 * ingestion app), the relay (a process of its own, as in the ingestion benchmark), every Postgres
 * process, the Kafka broker and this process (the load generator). Each figure is CPU microseconds per
 * answered request; the rounds (BENCH_REPEATS, default 2) alternate floor and app. On this machine the
 * cores are shared by all of them, so a POST's rate is bounded by the sum. Then the same for imports
 * of 1,000 flights (BENCH_IMPORT_CONNECTIONS, default 4), per flight, beside two floors: the rows they
 * write, and the same rows with each payload sealed as the app seals it. Result: write-cpu.json.
 */
import type autocannon from 'autocannon';
import { createDataSource, loadConfig } from '@pft/platform';
import { flightBody, freePort, testKafka } from '@pft/testing';
import { benchmark, benchSetting, BenchRun, expectAnsweredWell, share } from '../support/bench-run';
import { cpuDuring, type PidSource, processesNamed } from '../support/cpu-accounts';
import { commitsIn } from '../support/database-commits';
import { roundOrder } from '../support/kafka-clients';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { type Measured, posting } from '../support/measure';
import { importPosts, singlePosts, startRelayProcess, writeAppEnv } from './write-loads';

const SECONDS = benchSetting('SECONDS', 10);
const CONNECTIONS = benchSetting('CONNECTIONS', 32);
const REPEATS = Math.max(1, benchSetting('REPEATS', 2));
const IMPORT_CONNECTIONS = benchSetting('IMPORT_CONNECTIONS', 4);
const IMPORT_SIZE = 1000;

interface CpuRun {
  run: Measured;
  /** What the figures are per: an answered request, or a flight of an import. */
  per: 'request' | 'flight';
  /** CPU microseconds per request (or flight), by process. */
  us_per_request: Record<string, number>;
  us_per_request_total: number;
  /** Transactions committed in the database the run wrote to, per request or flight (the relay's too). */
  commits_per_request: number;
}

function perRequest(
  run: Measured,
  cpu: Record<string, number>,
  commits: number,
  flightsPerRequest?: number,
): CpuRun {
  const answered = run.requests_per_second_exact * SECONDS * (flightsPerRequest ?? 1);
  const us = Object.fromEntries(
    Object.entries(cpu).map(([name, s]) => [name, Math.round((s * 1e6) / Math.max(1, answered))]),
  );
  const total = Object.values(us).reduce((a, b) => a + b, 0);
  const commitsPerRequest = +(commits / Math.max(1, answered)).toFixed(3);
  process.stdout.write(
    `${JSON.stringify({ name: run.name, rps: run.requests_per_second, us, total, commitsPerRequest })}\n`,
  );
  return {
    run,
    per: flightsPerRequest === undefined ? 'request' : 'flight',
    us_per_request: us,
    us_per_request_total: total,
    commits_per_request: commitsPerRequest,
  };
}

benchmark(
  'single POST: CPU per request by process, beside the one-commit-per-turn floor',
  new BenchRun('write-cpu', { seconds: SECONDS, connections: CONNECTIONS }),
  async (bench) => {
    const secret = loadConfig().JWT_SECRET;
    const db = await bench.database();
    const kafka = testKafka('bench-write-cpu');
    const topic = await bench.topic(kafka, 'bench-write-cpu', 12);
    const floor = await bench.floor(startDurableWriteFloor(await freePort(), db.url, 20, true));
    // The rows floor writes the app's rows in a database of its own, out of the relay's way.
    const rowsDb = await bench.database();
    const rowsFloor = await bench.floor(startDurableWriteFloor(await freePort(), rowsDb.url, 20));
    const appEnv = writeAppEnv(db.url, topic);
    const app = await bench.app('ingestion', appEnv);
    const relay = startRelayProcess(bench, appEnv);
    const single = singlePosts(secret);
    const floorLoad = posting('/', () => ({ body: JSON.stringify(flightBody()) }));
    const rowsLoad = posting('/rows', () => ({ body: JSON.stringify(flightBody()) }));
    await bench.warm({ url: floor.url, requests: floorLoad });
    await bench.warm({ url: rowsFloor.url, requests: rowsLoad });
    await bench.warm({ url: app.url, requests: single });

    const shared: Record<string, PidSource> = {
      postgres: processesNamed('postgres'),
      kafka: processesNamed('java'),
      'load generator': () => [process.pid],
    };
    const admin = await createDataSource(db.url, 1).initialize();
    bench.defer(() => admin.destroy());
    /** One load, the CPU of `accounts` and the commits in `database` read around it. */
    const cpuRun = async (
      name: string,
      options: autocannon.Options,
      accounts: Record<string, PidSource>,
      database: string,
      flightsPerRequest?: number,
    ): Promise<CpuRun> => {
      const commitsBefore = await commitsIn(admin, database);
      const { result, cpu } = await cpuDuring({ ...accounts, ...shared }, () => bench.measure(name, options));
      const commits = (await commitsIn(admin, database)) - commitsBefore;
      return perRequest(result, cpu, commits, flightsPerRequest);
    };
    const runs: Record<'floor' | 'rows' | 'app', () => Promise<CpuRun>> = {
      floor: () =>
        cpuRun(
          "floor: one INSERT and commit per event-loop turn's POSTs",
          { url: floor.url, requests: floorLoad },
          { server: () => [floor.child.pid!] },
          db.name,
        ),
      rows: () =>
        cpuRun(
          "floor: the app's rows for one flight, one statement per event-loop turn's POSTs",
          { url: rowsFloor.url, requests: rowsLoad },
          { server: () => [rowsFloor.child.pid!] },
          rowsDb.name,
        ),
      app: () =>
        cpuRun(
          'POST /pilot/v1/flights',
          { url: app.url, requests: single },
          { server: () => [app.child.pid!], relay: () => [relay.child.pid!] },
          db.name,
        ),
    };
    const byRun: Record<keyof typeof runs, CpuRun[]> = { floor: [], rows: [], app: [] };
    for (let round = 0; round < REPEATS; round++) {
      const order = ['floor', 'rows', 'app'] as const;
      for (const which of roundOrder(order, round)) {
        await new Promise((r) => setTimeout(r, 2000)); // the relay catches up between runs
        byRun[which].push(await runs[which]());
      }
    }
    const { floor: floors, rows: rowFloors, app: posts } = byRun;
    const importRun = (name: string, url: string, path: string, accounts: Record<string, PidSource>) => {
      // The app's imports each for a new pilot; the floor's take no token.
      const token = path === '/pilot/v1/flights/import' ? secret : undefined;
      return cpuRun(
        name,
        { url, connections: IMPORT_CONNECTIONS, requests: importPosts(path, IMPORT_SIZE, token) },
        accounts,
        url === rowsFloor.url ? rowsDb.name : db.name,
        IMPORT_SIZE,
      );
    };
    const importRuns: Record<'floor' | 'sealed' | 'app', () => Promise<CpuRun>> = {
      floor: () =>
        importRun(
          `floor: the app's rows for ${IMPORT_SIZE} flights per POST, one statement`,
          rowsFloor.url,
          '/import-rows',
          { server: () => [rowsFloor.child.pid!] },
        ),
      sealed: () =>
        importRun(
          `floor: the app's rows for ${IMPORT_SIZE} flights per POST, payloads sealed, one statement`,
          rowsFloor.url,
          '/import-sealed-rows',
          { server: () => [rowsFloor.child.pid!] },
        ),
      app: () =>
        importRun(
          `POST /pilot/v1/flights/import (${IMPORT_SIZE} flights)`,
          app.url,
          '/pilot/v1/flights/import',
          {
            server: () => [app.child.pid!],
            relay: () => [relay.child.pid!],
          },
        ),
    };
    const importsByRun: Record<keyof typeof importRuns, CpuRun[]> = { floor: [], sealed: [], app: [] };
    for (let round = 0; round < REPEATS; round++) {
      for (const which of roundOrder(['floor', 'sealed', 'app'] as const, round)) {
        await new Promise((r) => setTimeout(r, 2000));
        importsByRun[which].push(await importRuns[which]());
      }
    }
    const { floor: importFloors, sealed: sealedImportFloors, app: imports } = importsByRun;
    // The app alone, its relay stopped (the outbox grows): what the POST and the import cost themselves.
    await relay.stop();
    const postsUnrelayed = await cpuRun(
      'POST /pilot/v1/flights, the relay stopped',
      { url: app.url, requests: single },
      { server: () => [app.child.pid!] },
      db.name,
    );
    const importsUnrelayed = await importRun(
      `POST /pilot/v1/flights/import (${IMPORT_SIZE} flights), the relay stopped`,
      app.url,
      '/pilot/v1/flights/import',
      { server: () => [app.child.pid!] },
    );
    const byRound = (of: CpuRun[]): number[] =>
      posts.map((p, i) => share(p.run.requests_per_second, of[i]!.run.requests_per_second));
    bench.write({
      settings: {
        seconds_per_run: SECONDS,
        connections: CONNECTIONS,
        repeats: REPEATS,
        kafka_client: loadConfig().RELAY_KAFKA_CLIENT,
      },
      floor_runs: floors,
      rows_floor_runs: rowFloors,
      post_runs: posts,
      post_relay_stopped: postsUnrelayed,
      post_vs_floor_by_round: byRound(floors),
      post_vs_rows_floor_by_round: byRound(rowFloors),
      import_floor_runs: importFloors,
      sealed_import_floor_runs: sealedImportFloors,
      import_runs: imports,
      import_relay_stopped: importsUnrelayed,
      import_vs_rows_floor_by_round: imports.map((r, i) =>
        share(r.run.requests_per_second_exact, importFloors[i]!.run.requests_per_second_exact),
      ),
      import_vs_sealed_rows_floor_by_round: imports.map((r, i) =>
        share(r.run.requests_per_second_exact, sealedImportFloors[i]!.run.requests_per_second_exact),
      ),
    });
    expectAnsweredWell(
      [
        ...floors,
        ...rowFloors,
        ...posts,
        postsUnrelayed,
        ...importFloors,
        ...sealedImportFloors,
        ...imports,
        importsUnrelayed,
      ].map((r) => r.run),
    );
  },
  1_800_000,
);
