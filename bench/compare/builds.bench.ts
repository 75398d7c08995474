/**
 * Figures of two builds of the code side by side, in alternating rounds of one run: this tree's tests'
 * build (dist-test/) and the tests' build of an earlier revision:
 *
 *   BENCH_BASELINE=<git revision> npx jest bench/compare --selectProjects bench --runInBand
 *
 * The revision is checked out into a temporary git worktree and built there with `npm run build:test`
 * (BENCH_CURRENT: another revision built the same way in place of this tree). BENCH_COMPARE picks what
 * is compared, comma-separated (default all four):
 *
 * - `post`: the pilot app API's single-flight POST, each build's ingestion app on a database of its
 *   own migrated by its own command line, its relay off; beside the durable-write floor (one INSERT and
 *   commit per POST, bare Fastify);
 * - `import`: its logbook import of 1,000 flights (imports.ts), beside the floor storing the same
 *   flights by one INSERT per POST;
 * - `reads`: the partner API's warm and cold single reads and batch of 50 (partner-reads.ts), beside
 *   the Nest floors;
 * - `fold`: the projector's fold of the same events by each build (fold.ts), beside the projection
 *   rows floor.
 *
 * (BENCH_SECONDS per run, default 10; BENCH_CONNECTIONS, default 32 for the POST and 50 for the reads;
 * BENCH_IMPORT_CONNECTIONS, default 4; BENCH_ROUNDS, default 4; the fold's settings in fold.ts.) A
 * floor is measured in every round, so a round the machine was busy in shows; rounds alternate the
 * builds' order (A B, B A, ...). The result goes to bench/results/compare-builds.json
 * (compare-revisions.json with BENCH_CURRENT), each compared figure as this build's median against the
 * earlier one's, with the ratio of every round and each beside its floor.
 */
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { loadConfig, NodeEnvVariables } from '@pft/platform';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { WithPilotTokenSigning } from '@pft/logbook/pilot-auth/pilot-token-variables';
import { flightBody, freePort } from '@pft/testing';
import { benchmark, benchSetting, BenchRun, expectAnsweredWell, roundOrder } from '../support/bench-run';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { type Measured, posting } from '../support/measure';
import {
  BUILDS,
  type BuildName,
  comparedBuildsOf,
  compareFigure,
  comparedIngestion,
  type ComparedFigure,
  type FigureRuns,
  migratedDatabases,
} from './compared-builds';
import { compareFolds, FOLD } from './fold';
import { compareImports, IMPORT_SIZE } from './imports';
import { compareReads, readRuns } from './partner-reads';

const BASELINE = process.env.BENCH_BASELINE;
const CURRENT = process.env.BENCH_CURRENT;
const SECONDS = benchSetting('SECONDS', 10);
const CONNECTIONS = benchSetting('CONNECTIONS', 32);
const READ_CONNECTIONS = benchSetting('CONNECTIONS', 50);
const IMPORT_CONNECTIONS = benchSetting('IMPORT_CONNECTIONS', 4);
const ROUNDS = Math.max(1, benchSetting('ROUNDS', 4));
const PILOTS = 500;

const COMPARABLE = ['post', 'import', 'reads', 'fold'] as const;
type Compared = (typeof COMPARABLE)[number];

/** What BENCH_COMPARE names (comma-separated, default all); fails on a name it does not know. */
function comparedParts(value = process.env.BENCH_COMPARE): Compared[] {
  const names = (value ?? COMPARABLE.join(','))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(COMPARABLE as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`BENCH_COMPARE: ${value ?? ''}: name one or more of ${COMPARABLE.join(', ')}`);
  return COMPARABLE.filter((n) => names.includes(n));
}

/** The single-flight POST of both builds, in alternating rounds, the durable-write floor first in each. */
async function comparePost(
  bench: BenchRun,
  builds: Record<BuildName, string>,
): Promise<FigureRuns<Measured>> {
  const databases = await migratedDatabases(bench, builds);
  const floorDb = await bench.database();
  const floor = await bench.floor(startDurableWriteFloor(await freePort(), floorDb.url, 20));
  const secret = loadConfig(WithPilotTokenSigning(NodeEnvVariables)).JWT_SECRET;
  const tokens = Array.from({ length: PILOTS }, () => mintPilotToken(secret, randomUUID(), 3600));
  const post = (path: string, auth: boolean): autocannon.Request[] =>
    posting(path, () => ({
      token: auth ? tokens[Math.floor(Math.random() * PILOTS)]! : undefined,
      body: JSON.stringify(flightBody()),
    }));
  const runs: FigureRuns<Measured> = { baseline: [], current: [], floor: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.floor.push(
      await bench.measure('durable-write floor: one INSERT and commit per POST', {
        url: floor.url,
        requests: post('/', false),
      }),
    );
    for (const build of roundOrder(BUILDS, round)) {
      const app = await comparedIngestion(bench, databases[build], builds[build]);
      await bench.warm({ url: app.url, requests: post('/pilot/v1/flights', true) });
      runs[build].push(
        await bench.measure(`POST /pilot/v1/flights (${build})`, {
          url: app.url,
          requests: post('/pilot/v1/flights', true),
        }),
      );
      await app.stop();
    }
  }
  return runs;
}

const allRuns = (runs: FigureRuns<Measured>): Measured[] => [
  ...runs.baseline,
  ...runs.current,
  ...runs.floor,
];

benchmark(
  'the same figures of an earlier build and this one, alternating',
  new BenchRun(CURRENT ? 'compare-revisions' : 'compare-builds', {
    seconds: SECONDS,
    connections: CONNECTIONS,
  }),
  async (bench) => {
    if (!BASELINE) throw new Error('BENCH_BASELINE (a git revision to compare with) is not set');
    const parts = comparedParts();
    const { builds, revisions } = comparedBuildsOf(bench, BASELINE, CURRENT);
    const figures: ComparedFigure[] = [];
    const measured: Measured[] = [];
    const result: Record<string, unknown> = { ...revisions, compared: parts };
    result.load = { seconds: SECONDS, rounds: ROUNDS };
    if (parts.includes('post')) {
      const runs = await comparePost(bench, builds);
      figures.push(compareFigure('single-flight POST', runs));
      measured.push(...allRuns(runs));
      result.post = { load: { connections: CONNECTIONS, pilots: PILOTS }, runs };
    }
    if (parts.includes('import')) {
      const runs = await compareImports(bench, builds, { rounds: ROUNDS, connections: IMPORT_CONNECTIONS });
      figures.push(compareFigure(`logbook import of ${IMPORT_SIZE} flights (imports per second)`, runs));
      measured.push(...allRuns(runs));
      result.imports = { load: { connections: IMPORT_CONNECTIONS, flights_per_import: IMPORT_SIZE }, runs };
    }
    if (parts.includes('reads')) {
      const reads = await compareReads(bench, builds, { rounds: ROUNDS, connections: READ_CONNECTIONS });
      figures.push(...reads.figures);
      measured.push(...readRuns(reads));
      result.reads = { load: reads.load, runs: reads.runs };
    }
    if (parts.includes('fold')) {
      const runs = await compareFolds(bench, builds, ROUNDS);
      figures.push(
        compareFigure(`projector fold of ${FOLD.events} events, payloads ${FOLD.payloads}`, runs, 'events/s'),
      );
      result.fold = { settings: FOLD, runs };
    }
    expectAnsweredWell(measured);
    const file = bench.write({ ...result, compared_figures: figures });
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n${file}\n`);
  },
  3_600_000,
);
