/**
 * The work one logbook import costs on two builds, counted rather than timed:
 *
 *   BENCH_BASELINE=<git revision> npx jest bench/import-work --selectProjects bench --runInBand
 *
 * (BENCH_CURRENT=<revision> measures that revision in place of this tree, as bench/compare does;
 * BENCH_IMPORTS, default 60, imports per build and round; BENCH_ROUNDS, default 3;
 * BENCH_IMPORT_CONNECTIONS, default 4.) Each build's ingestion app (relay off) talks to its own database
 * through a proxy that counts the Postgres protocol's messages (support/counting-proxy.ts). For each
 * import it reports the round trips, the bytes each way, what Postgres counted for the database
 * (transactions, rows inserted and read, buffers hit) and the CPU the app and Postgres used. The counts
 * are the same however busy the machine is; the CPU moves with it far less than a rate does. This is
 * where a gap that bench/compare shows between two builds' imports is looked for. (No rate: autocannon
 * notices that its last request was answered only at its next second.)
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { loadConfig } from '@pft/platform';
import { flightBody } from '@pft/testing';
import { benchmark, benchSetting, BenchRun } from '../support/bench-run';
import { analyzeDatabase } from '../support/analyze';
import { CountingProxy, type ProtocolCounts } from '../support/counting-proxy';
import { cpuDuring, processesNamed } from '../support/cpu-accounts';
import { median, roundOrder } from '../support/kafka-clients';
import { posting } from '../support/measure';
import { comparedBuildsOf, comparedIngestion, migratedDatabase } from '../compare/compared-builds';
import { buildOf, IMPORT_SIZE, type ImportVariant as Variant, VARIANTS } from '../compare/imports';

const BASELINE = process.env.BENCH_BASELINE;
const CURRENT = process.env.BENCH_CURRENT;
const IMPORTS = benchSetting('IMPORTS', 60);
const ROUNDS = Math.max(1, benchSetting('ROUNDS', 3));
const CONNECTIONS = benchSetting('IMPORT_CONNECTIONS', 4);

/** What Postgres counted for one database (pg_stat_database). */
const DATABASE_COUNTERS = [
  'xact_commit',
  'xact_rollback',
  'tup_inserted',
  'tup_updated',
  'tup_fetched',
  'tup_returned',
  'blks_hit',
  'blks_read',
] as const;
type DatabaseCounters = Record<(typeof DATABASE_COUNTERS)[number], number>;

async function databaseCounters(url: string): Promise<DatabaseCounters> {
  const sql = new Client({ connectionString: url });
  await sql.connect();
  try {
    const { rows } = await sql.query<Record<string, string>>(
      `select ${DATABASE_COUNTERS.join(', ')} from pg_stat_database where datname = current_database()`,
    );
    return Object.fromEntries(DATABASE_COUNTERS.map((c) => [c, Number(rows[0]![c])])) as DatabaseCounters;
  } finally {
    await sql.end();
  }
}

/**
 * An idle backend reports what it counted within a second, or, when the shared counters were busy,
 * within ten (PGSTAT_IDLE_INTERVAL); one that ends reports at once.
 */
const IDLE_FLUSH_MS = 11_000;
const statsSettled = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One build's imports in one round, each figure per import. */
interface ImportWork {
  variant: Variant;
  imports: number;
  round_trips: number;
  messages: Record<string, number>;
  statements: Record<string, number>;
  kb_to_server: number;
  kb_to_client: number;
  database: Record<string, number>;
  app_cpu_ms: number;
  postgres_cpu_ms: number;
}

benchmark(
  'the work of one logbook import on an earlier build and this one',
  new BenchRun(CURRENT ? 'import-work-revisions' : 'import-work'),
  async (bench) => {
    if (!BASELINE) throw new Error('BENCH_BASELINE (a git revision to compare with) is not set');
    const { builds, revisions } = comparedBuildsOf(bench, BASELINE, CURRENT);
    const secret = loadConfig().JWT_SECRET;
    const bodies = Array.from({ length: 16 }, () =>
      JSON.stringify({ flights: Array.from({ length: IMPORT_SIZE }, () => flightBody()) }),
    );
    let next = 0;
    const importing = posting('/pilot/v1/flights/import', () => ({
      token: mintPilotToken(secret, randomUUID(), 3600),
      body: bodies[next++ % bodies.length]!,
    }));

    // A database for each variant: one that stored twice the flights of another would cost Postgres more.
    const databases = {} as Record<Variant, { url: string; proxy: CountingProxy }>;
    for (const variant of VARIANTS) {
      const url = await migratedDatabase(bench, builds[buildOf(variant)]);
      const proxy = await CountingProxy.start(url);
      bench.defer(() => proxy.close());
      databases[variant] = { url, proxy };
    }

    const work: ImportWork[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of roundOrder(VARIANTS, round)) {
        const { url, proxy } = databases[variant];
        await analyzeDatabase(url);
        const app = await comparedIngestion(
          bench,
          proxy.url,
          builds[buildOf(variant)],
          variant === 'current_unsealed' ? { PFT_SEAL_PAYLOADS: 'false' } : {},
        );
        await autocannon({ url: app.url, connections: CONNECTIONS, amount: 8, requests: importing });
        await statsSettled(IDLE_FLUSH_MS);
        const before = await databaseCounters(url);
        proxy.take();
        const { result, cpu } = await cpuDuring(
          { app: () => [app.child.pid!], postgres: processesNamed('postgres') },
          () => autocannon({ url: app.url, connections: CONNECTIONS, amount: IMPORTS, requests: importing }),
        );
        const counts: ProtocolCounts = proxy.take();
        // A backend that ends reports all it counted.
        await app.stop();
        await statsSettled(1000);
        const after = await databaseCounters(url);
        const answered = result['2xx'];
        if (answered !== IMPORTS || result.non2xx > 0 || result.errors > 0)
          throw new Error(`${variant}: ${answered} of ${IMPORTS} imports answered 2xx`);
        const per = (n: number, digits = 1): number => +(n / IMPORTS).toFixed(digits);
        const row: ImportWork = {
          variant,
          imports: IMPORTS,
          round_trips: per(counts.round_trips),
          messages: Object.fromEntries(Object.entries(counts.messages).map(([t, n]) => [t, per(n)])),
          statements: Object.fromEntries(Object.entries(counts.statements).map(([t, n]) => [t, per(n, 2)])),
          kb_to_server: per(counts.bytes_to_server / 1024),
          kb_to_client: per(counts.bytes_to_client / 1024),
          database: Object.fromEntries(DATABASE_COUNTERS.map((c) => [c, per(after[c] - before[c])])),
          app_cpu_ms: per(cpu.app! * 1000, 2),
          postgres_cpu_ms: per(cpu.postgres! * 1000, 2),
        };
        process.stdout.write(`${JSON.stringify(row)}\n`);
        work.push(row);
      }
    }

    const summary = Object.fromEntries(
      VARIANTS.map((variant) => {
        const rows = work.filter((w) => w.variant === variant);
        const med = (pick: (w: ImportWork) => number): number => median(rows.map(pick));
        return [
          variant,
          {
            round_trips: med((w) => w.round_trips),
            kb_to_server: med((w) => w.kb_to_server),
            app_cpu_ms: med((w) => w.app_cpu_ms),
            postgres_cpu_ms: med((w) => w.postgres_cpu_ms),
            database: Object.fromEntries(DATABASE_COUNTERS.map((c) => [c, med((w) => w.database[c]!)])),
            statements: rows.at(-1)!.statements,
          },
        ];
      }),
    );
    const file = bench.write({
      ...revisions,
      load: { imports: IMPORTS, rounds: ROUNDS, connections: CONNECTIONS, flights_per_import: IMPORT_SIZE },
      summary,
      work,
    });
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n${file}\n`);
  },
  3_600_000,
);
