/**
 * The pilot app API's single-flight POST and logbook import, and the partner API's warm and cold single
 * reads and batch of 50, on two builds of the code, in alternating rounds of one run: this tree's tests' build (dist-test/) and the
 * tests' build of an earlier revision:
 *
 *   BENCH_BASELINE=<git revision> npx jest bench/compare --selectProjects bench --runInBand
 *
 * (BENCH_SECONDS per run, default 10; BENCH_CONNECTIONS, default 32 for the POST and 50 for the reads,
 * as bench/ingestion and bench/partner-api; BENCH_IMPORT_CONNECTIONS, default 4; BENCH_ROUNDS,
 * default 4; BENCH_COMPARE, default `post,import,reads`: what is compared.) The revision is checked out into a temporary git worktree and built
 * there with `npm run build:test`. Each build serves on a database of its own, migrated by its own
 * command line: for the POST with its relay off (the same for both: what is compared is the request
 * path), beside the durable-write floor (one INSERT and commit per POST, bare Fastify); for the import
 * (imports.ts) the same, beside the floor storing the same flights by one INSERT per POST; for the reads
 * (partner-reads.ts) seeded alike, beside the Nest floors (answering from memory; for the cold read,
 * one SELECT per event-loop turn's reads). A floor is measured in
 * every round, so a round the machine was busy in shows. Rounds alternate the builds' order (A B,
 * B A, ...). The result goes to bench/results/compare-builds.json, each compared figure as this
 * build's median against the earlier one's, with the ratio of every round and each beside its floor:
 * what "no slower than before" rests on when a change reshapes a path.
 */
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { loadConfig } from '@pft/platform';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { flightBody, freePort } from '@pft/testing';
import { benchmark, benchSetting, BenchRun, expectAnsweredWell } from '../support/bench-run';
import { startDurableWriteFloor } from '../support/durable-write-floor';
import { roundOrder } from '../support/kafka-clients';
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
import { compareImports, IMPORT_SIZE, type ImportsCompared } from './imports';
import { compareReads, readRuns, type ReadsCompared } from './partner-reads';

const BASELINE = process.env.BENCH_BASELINE;
/**
 * A revision to measure in place of this tree (BENCH_CURRENT): built in a worktree as the baseline is,
 * its result written to compare-revisions.json so that compare-builds.json stays this tree's.
 */
const CURRENT = process.env.BENCH_CURRENT;
const SECONDS = benchSetting('SECONDS', 10);
const CONNECTIONS = benchSetting('CONNECTIONS', 32);
const READ_CONNECTIONS = benchSetting('CONNECTIONS', 50);
const IMPORT_CONNECTIONS = benchSetting('IMPORT_CONNECTIONS', 4);
const ROUNDS = Math.max(1, benchSetting('ROUNDS', 4));
const PILOTS = 500;

const COMPARABLE = ['post', 'import', 'reads'] as const;
type Compared = (typeof COMPARABLE)[number];

/** What BENCH_COMPARE names (comma-separated, default both); fails on a name it does not know. */
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
async function comparePost(bench: BenchRun, builds: Record<BuildName, string>): Promise<FigureRuns> {
  const databases = await migratedDatabases(bench, builds);
  const floorDb = await bench.database();
  const floor = await bench.floor(startDurableWriteFloor(await freePort(), floorDb.url, 20));

  const secret = loadConfig().JWT_SECRET;
  const tokens = Array.from({ length: PILOTS }, () => mintPilotToken(secret, randomUUID(), 3600));
  const post = (path: string, auth: boolean): autocannon.Request[] =>
    posting(path, () => ({
      token: auth ? tokens[Math.floor(Math.random() * PILOTS)]! : undefined,
      body: JSON.stringify(flightBody()),
    }));

  const runs: FigureRuns = { baseline: [], current: [], floor: [] };
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

/** The POST's figures and ratios, as the result has kept them since before the reads were compared. */
function postResult(runs: FigureRuns, compared: ComparedFigure): Record<string, unknown> {
  return {
    load: { seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS, pilots: PILOTS },
    runs,
    figures: {
      baseline_req_s: compared.baseline_req_s,
      current_req_s: compared.current_req_s,
      floor_req_s: compared.floor_req_s,
    },
    ratios: {
      current_vs_baseline: compared.current_vs_baseline,
      baseline_vs_floor: compared.baseline_vs_floor,
      current_vs_floor: compared.current_vs_floor,
      current_vs_baseline_by_round: compared.current_vs_baseline_by_round,
    },
  };
}

benchmark(
  'single-flight POST and partner reads on an earlier build and this one, alternating',
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
    let post: Record<string, unknown> = { load: { seconds: SECONDS, rounds: ROUNDS } };
    if (parts.includes('post')) {
      const runs = await comparePost(bench, builds);
      const compared = compareFigure('single-flight POST', runs);
      figures.push(compared);
      measured.push(...runs.baseline, ...runs.current, ...runs.floor);
      post = postResult(runs, compared);
    }
    let imports: ImportsCompared | undefined;
    if (parts.includes('import')) {
      imports = await compareImports(bench, builds, { rounds: ROUNDS, connections: IMPORT_CONNECTIONS });
      const figure = `logbook import of ${IMPORT_SIZE} flights (imports per second)`;
      figures.push(
        compareFigure(figure, imports.sealed),
        compareFigure(`${figure}, this build with its payloads unsealed`, imports.unsealed),
      );
      measured.push(...imports.sealed.baseline, ...imports.sealed.current, ...imports.unsealed.current);
      measured.push(...imports.sealed.floor);
    }
    let reads: ReadsCompared | undefined;
    if (parts.includes('reads')) {
      reads = await compareReads(bench, builds, { rounds: ROUNDS, connections: READ_CONNECTIONS });
      figures.push(...reads.figures);
      measured.push(...readRuns(reads));
    }
    expectAnsweredWell(measured);

    const file = bench.write({
      ...revisions,
      compared: parts,
      ...post,
      ...(imports
        ? {
            imports: {
              load: { connections: IMPORT_CONNECTIONS, flights_per_import: IMPORT_SIZE },
              runs: imports,
            },
          }
        : {}),
      ...(reads ? { reads: { load: reads.load, runs: reads.runs } } : {}),
      compared_figures: figures,
    });
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n${file}\n`);
  },
  3_600_000,
);
