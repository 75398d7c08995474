/**
 * The pilot app API's write throughput beside a bare Fastify hello-world, both as processes on this
 * machine, the load generator (autocannon) in this process on the same machine, in one run:
 *
 *   npm run build && npx jest bench/ingestion --selectProjects bench
 *
 * (BENCH_SECONDS per run, default 10; BENCH_CONNECTIONS, default 32; BENCH_IMPORT_CONNECTIONS,
 * default 4.) Results go to bench/results/ingestion-<time>.json.
 *
 * Runs: hello-world; the app's own /health/live (what the shared HTTP stack costs alone); the
 * durable-write floors, bare Fastify servers that only store what is POSTed (each flight as one row):
 * one commit per POST, then the POSTs of one event-loop turn in one statement and commit, then imports
 * of 1,000 flights as one statement: the least such writes cost on this machine, whatever the app does
 * besides; single-flight POSTs, a new flight each for 500
 * pilots; imports of 1,000 flights, each for a new pilot. The relay runs in the app as in production,
 * publishing to a topic of this run.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '@pft/platform';
import { mintPilotToken } from '@pft/access/pilot-auth/pilot-jwt';
import {
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  flightBody,
  freePort,
  startAppProcess,
  testKafka,
} from '@pft/testing';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { startHelloWorld } from '../support/hello-world';
import { type Measured, measure as measureLoad } from '../support/measure';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const IMPORT_CONNECTIONS = Number(process.env.BENCH_IMPORT_CONNECTIONS ?? 4);
const PILOTS = 500;
const IMPORT_SIZE = 1000;

const measure = (name: string, options: autocannon.Options): Promise<Measured> =>
  measureLoad(name, { connections: CONNECTIONS, duration: SECONDS, ...options });

/** POSTs whose body and token `next()` makes for each request. */
function posting(path: string, next: () => { token: string; body: string }): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path,
      setupRequest: (req) => {
        const { token, body } = next();
        return {
          ...req,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        };
      },
    },
  ];
}

test('pilot app API writes against a bare Fastify hello-world', async () => {
  const secret = loadConfig().JWT_SECRET;
  const db = await createTestDatabase();
  const kafka = testKafka('bench-ingestion');
  const topic = await createTestTopic(kafka, 'bench-ingestion', 12);
  const hello = await startHelloWorld(await freePort());
  const floor = await startDurableWriteFloor(await freePort(), db.url, 20);
  const groupedFloor = await startDurableWriteFloor(await freePort(), db.url, 20, true);
  let app: AppProcess | undefined;
  try {
    app = await startAppProcess('ingestion', {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '20',
      PILOT_EVENTS_TOPIC: topic,
      PILOT_EVENTS_PARTITIONS: '12',
      LOG_LEVEL: 'warn',
    });
    const tokens = Array.from({ length: PILOTS }, () => mintPilotToken(secret, randomUUID(), 3600));
    const single = posting('/pilot/v1/flights', () => ({
      token: tokens[Math.floor(Math.random() * tokens.length)]!,
      body: JSON.stringify(flightBody()),
    }));
    // Import bodies are made up front so the client's JSON work does not count against the server;
    // each goes to a new pilot, since the same import again for the same pilot records nothing new.
    const bodies = Array.from({ length: 32 }, () =>
      JSON.stringify({ flights: Array.from({ length: IMPORT_SIZE }, () => flightBody()) }),
    );
    let nextImport = 0;
    const imports = posting('/pilot/v1/flights/import', () => ({
      token: mintPilotToken(secret, randomUUID(), 3600),
      body: bodies[nextImport++ % bodies.length]!,
    }));

    // Warm-up: JIT, connection pools.
    await autocannon({ url: hello.url, duration: 3, connections: 10 });
    await autocannon({ url: app.url, duration: 3, connections: 10, requests: single });

    const bare = await measure('hello-world', { url: hello.url });
    const live = await measure('ingestion /health/live', { url: `${app.url}/health/live` });
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
    const floorRun = await measure(
      'durable-write floor: bare Fastify, one INSERT and commit per POST',
      storeFlight(floor.url),
    );
    const groupedFloorRun = await measure(
      "durable-write floor: bare Fastify, one INSERT and commit per event-loop turn's POSTs",
      storeFlight(groupedFloor.url),
    );
    let nextFloorImport = 0;
    const importFloorRun = await measure(
      `durable-write floor: bare Fastify, ${IMPORT_SIZE} flights per POST`,
      {
        url: floor.url,
        connections: IMPORT_CONNECTIONS,
        requests: [
          {
            method: 'POST',
            path: '/import',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: bodies[nextFloorImport++ % bodies.length]! }),
          },
        ],
      },
    );
    const post = await measure('POST /pilot/v1/flights', { url: app.url, requests: single });
    const imported = await measure(`POST /pilot/v1/flights/import (${IMPORT_SIZE} flights)`, {
      url: app.url,
      connections: IMPORT_CONNECTIONS,
      requests: imports,
    });
    // From the unrounded rate: at about 20 imports a second, a rounded one moves in steps of 1,000 flights.
    const flightsPerSecond = Math.round(imported.requests_per_second_exact * IMPORT_SIZE);

    const report = {
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg(), node: process.version },
      settings: {
        seconds_per_run: SECONDS,
        connections: CONNECTIONS,
        import_connections: IMPORT_CONNECTIONS,
      },
      runs: [bare, live, floorRun, groupedFloorRun, importFloorRun, post, imported],
      import_flights_per_second: flightsPerSecond,
      import_floor_flights_per_second: Math.round(importFloorRun.requests_per_second_exact * IMPORT_SIZE),
      ratios: {
        single_post_vs_hello: +(post.requests_per_second / bare.requests_per_second).toFixed(3),
        live_route_vs_hello: +(live.requests_per_second / bare.requests_per_second).toFixed(3),
        single_post_vs_live_route: +(post.requests_per_second / live.requests_per_second).toFixed(3),
        durable_write_floor_vs_hello: +(floorRun.requests_per_second / bare.requests_per_second).toFixed(3),
        grouped_durable_write_floor_vs_hello: +(
          groupedFloorRun.requests_per_second / bare.requests_per_second
        ).toFixed(3),
        single_post_vs_durable_write_floor: +(
          post.requests_per_second / floorRun.requests_per_second
        ).toFixed(3),
      },
      goals: {
        'single POST at 0.2x hello-world or better':
          post.requests_per_second >= 0.2 * bare.requests_per_second,
        'import at 50,000 flights/s or better': flightsPerSecond >= 50_000,
      },
    };
    const dir = join(__dirname, '..', 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `ingestion-${report.when.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(
      `${JSON.stringify({ ratios: report.ratios, goals: report.goals, flightsPerSecond }, null, 2)}\n${file}\n`,
    );

    // Measurements, not goals, decide nothing here; but every request must have been answered well.
    for (const run of report.runs)
      expect({ run: run.name, non2xx: run.non_2xx, errors: run.errors }).toEqual({
        run: run.name,
        non2xx: 0,
        errors: 0,
      });
  } finally {
    await app?.stop();
    hello.child.kill('SIGTERM');
    floor.child.kill('SIGTERM');
    groupedFloor.child.kill('SIGTERM');
    await db.drop();
    await deleteTestTopics(kafka, [topic]);
  }
}, 600_000);
