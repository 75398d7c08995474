/**
 * Throughput of the pilot app API, each figure beside a bare Fastify hello-world measured in the same
 * run on the same machine: single-flight POSTs per second with p50/p99 latency, and logbook imports
 * in flights per second. Run with `node -r ./test/ingestion/support/register-ts.js bench/ingestion/ingestion.bench.ts`
 * (the real Postgres and Kafka must be up). Writes bench/ingestion/results/latest.{json,md}.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { mintPilotToken } from '@pft/infrastructure/auth/pilot-jwt';
import { loadConfig } from '@pft/infrastructure';
import { createTestDatabase, createTestTopic, deleteTestTopics, testKafka, waitFor } from '@pft/testing';

const ROOT = resolve(__dirname, '../..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const IMPORT_CONNECTIONS = Number(process.env.BENCH_IMPORT_CONNECTIONS ?? 4);
const HELLO_PORT = 3911;
const INGESTION_PORT = 3912;
const PILOTS = 500;

interface Measured {
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  errors: number;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolvePromise, reject) => {
    autocannon(options, (err: Error | null, result) => (err ? reject(err) : resolvePromise(result)));
  });
}

const measured = (r: autocannon.Result): Measured => ({
  requests_per_s: Math.round(r.requests.average),
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
  non_2xx: r.non2xx,
  errors: r.errors,
});

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function listening(port: number): Promise<void> {
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/health/live`)
        .then(() => true)
        .catch(() => undefined),
    30_000,
    `a server on port ${port}`,
    100,
  );
}

function flight(): Record<string, unknown> {
  return {
    flight_id: randomUUID(),
    date: '2026-05-01',
    kind: 'flight',
    aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABC' },
    departure: 'EDDF',
    arrival: 'EDFE',
    minutes: { total_flight_time: 95, pic: 95, cross_country: 95, actual_instrument: 10, single_engine: 95 },
    landings: { day: 1, night: 0 },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await createTestDatabase();
  const kafka = testKafka('bench');
  const topic = await createTestTopic(kafka, 'bench-ingestion', 12);
  const hello = start(
    [
      '-e',
      `const f=require('fastify')();f.get('/health/live',()=>({ok:true}));f.get('/',()=>({hello:'world'}));f.listen({port:${HELLO_PORT},host:'127.0.0.1'})`,
    ],
    {},
  );
  const ingestion = start(['-r', './test/ingestion/support/register-ts.js', 'apps/ingestion/src/main.ts'], {
    DATABASE_URL: db.url,
    PILOT_EVENTS_TOPIC: topic,
    INGESTION_PORT: String(INGESTION_PORT),
    LOG_LEVEL: 'warn',
    DATABASE_POOL_SIZE: '20',
  });
  try {
    await Promise.all([listening(HELLO_PORT), listening(INGESTION_PORT)]);
    const tokens = Array.from({ length: PILOTS }, () =>
      mintPilotToken(config.JWT_SECRET, randomUUID(), 3600),
    );
    const pick = () => tokens[Math.floor(Math.random() * tokens.length)]!;

    await run({ url: `http://127.0.0.1:${HELLO_PORT}/`, connections: CONNECTIONS, duration: 2 }); // warm-up
    const helloWorld = measured(
      await run({ url: `http://127.0.0.1:${HELLO_PORT}/`, connections: CONNECTIONS, duration: DURATION_S }),
    );

    const post = (duration: number) =>
      run({
        url: `http://127.0.0.1:${INGESTION_PORT}/pilot/v1/flights`,
        method: 'POST',
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            setupRequest: (req: autocannon.Request): autocannon.Request => ({
              ...req,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${pick()}` },
              body: JSON.stringify(flight()),
            }),
          },
        ],
      });
    await post(2); // warm-up
    const singlePost = measured(await post(DURATION_S));

    // Import bodies are made up front, so the client's JSON work does not count against the server.
    const bodies = Array.from({ length: 64 }, () =>
      JSON.stringify({ flights: Array.from({ length: 1000 }, flight) }),
    );
    let next = 0;
    const importRun = await run({
      url: `http://127.0.0.1:${INGESTION_PORT}/pilot/v1/flights/import`,
      method: 'POST',
      connections: IMPORT_CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          setupRequest: (req: autocannon.Request): autocannon.Request => {
            // Each body once per pilot: a repeated import for the same pilot would record nothing new.
            const body = bodies[next % bodies.length]!;
            next++;
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${mintPilotToken(config.JWT_SECRET, randomUUID(), 3600)}`,
              },
              body,
            };
          },
        },
      ],
    });
    const imports = measured(importRun);
    const importFlightsPerS = Math.round(importRun.requests.average * 1000);

    const results = {
      measured_at: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
      settings: { duration_s: DURATION_S, connections: CONNECTIONS, import_connections: IMPORT_CONNECTIONS },
      hello_world: helloWorld,
      single_flight_post: {
        ...singlePost,
        ratio_to_hello_world: +(singlePost.requests_per_s / helloWorld.requests_per_s).toFixed(3),
      },
      import: { ...imports, flights_per_s: importFlightsPerS, imports_per_s: imports.requests_per_s },
      goals: { single_post_ratio: 0.2, import_flights_per_s: 50_000 },
    };
    const dir = resolve(__dirname, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(resolve(dir, 'latest.md'), report(results));
    process.stdout.write(report(results));
  } finally {
    hello.kill('SIGTERM');
    ingestion.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await db.drop();
    await deleteTestTopics(kafka, [topic]);
  }
}

function report(r: {
  measured_at: string;
  machine: { cpus: number; model: string; node: string };
  settings: { duration_s: number; connections: number; import_connections: number };
  hello_world: Measured;
  single_flight_post: Measured & { ratio_to_hello_world: number };
  import: Measured & { flights_per_s: number };
}): string {
  const row = (name: string, m: Measured, extra = '') =>
    `| ${name} | ${m.requests_per_s} | ${m.p50_ms} | ${m.p99_ms} | ${m.non_2xx} | ${m.errors} | ${extra} |`;
  return [
    `# Ingestion benchmark, ${r.measured_at}`,
    '',
    `${r.machine.cpus} × ${r.machine.model}, Node ${r.machine.node}; ${r.settings.duration_s} s per run, ${r.settings.connections} connections (${r.settings.import_connections} for the import). Server and load generator share the machine.`,
    '',
    '| Run | requests/s | p50 ms | p99 ms | non-2xx | errors | |',
    '|---|---|---|---|---|---|---|',
    row('Fastify hello-world', r.hello_world),
    row(
      'POST /pilot/v1/flights',
      r.single_flight_post,
      `${r.single_flight_post.ratio_to_hello_world}× hello-world (goal 0.2×)`,
    ),
    row(
      'POST /pilot/v1/flights/import (1,000 flights)',
      r.import,
      `${r.import.flights_per_s} flights/s (goal 50,000)`,
    ),
    '',
  ].join('\n');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${String(err instanceof Error ? err.stack : err)}\n`);
    process.exit(1);
  },
);
