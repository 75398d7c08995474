/**
 * Figures of two builds side by side, in alternating rounds of one run (bench/README.md, "Two builds
 * side by side"): this tree's tests' build, or BENCH_CURRENT's, against BENCH_BASELINE's, each checked
 * out into a temporary git worktree and built there. BENCH_COMPARE picks what is compared: `post` and
 * `import` (writes.ts), `reads` (partner-reads.ts), `fold` (fold.ts); each beside its floor, measured in
 * every round. Settings: BENCH_SECONDS (10), BENCH_CONNECTIONS (32 for the writes, 50 for the reads),
 * BENCH_IMPORT_CONNECTIONS (4), BENCH_ROUNDS (4). Writes bench/results/compare-builds.json
 * (compare-revisions.json with BENCH_CURRENT): each figure as this build's median against the earlier
 * one's, with the ratio of every round and each beside its floor.
 */
import { benchmark, benchSetting, BenchRun, expectAnsweredWell, namedSetting } from '../support/bench-run';
import { type Measured } from '../support/measure';
import { IMPORT_SIZE, POST_PILOTS } from '../ingestion/write-loads';
import { comparedBuildsOf, compareFigure, type ComparedFigure, everyRun } from './compared-builds';
import { compareFolds, FOLD } from './fold';
import { compareReads } from './partner-reads';
import { compareWrites } from './writes';

const BASELINE = process.env.BENCH_BASELINE;
const CURRENT = process.env.BENCH_CURRENT;
const SECONDS = benchSetting('SECONDS', 10);
const CONNECTIONS = benchSetting('CONNECTIONS', 32);
const READ_CONNECTIONS = benchSetting('CONNECTIONS', 50);
const IMPORT_CONNECTIONS = benchSetting('IMPORT_CONNECTIONS', 4);
const ROUNDS = Math.max(1, benchSetting('ROUNDS', 4));

benchmark(
  'the same figures of an earlier build and this one, alternating',
  new BenchRun(CURRENT ? 'compare-revisions' : 'compare-builds', {
    seconds: SECONDS,
    connections: CONNECTIONS,
  }),
  async (bench) => {
    if (!BASELINE) throw new Error('BENCH_BASELINE (a git revision to compare with) is not set');
    const parts = namedSetting('COMPARE', ['post', 'import', 'reads', 'fold'] as const);
    const { builds, revisions } = comparedBuildsOf(bench, BASELINE, CURRENT);
    const figures: ComparedFigure[] = [];
    const measured: Measured[] = [];
    const result: Record<string, unknown> = { ...revisions, compared: parts };
    result.load = { seconds: SECONDS, rounds: ROUNDS };
    if (parts.includes('post')) {
      const runs = await compareWrites(bench, builds, 'post', { rounds: ROUNDS, connections: CONNECTIONS });
      figures.push(compareFigure('single-flight POST', runs));
      measured.push(...everyRun(runs));
      result.post = { load: { connections: CONNECTIONS, pilots: POST_PILOTS }, runs };
    }
    if (parts.includes('import')) {
      const load = { rounds: ROUNDS, connections: IMPORT_CONNECTIONS };
      const runs = await compareWrites(bench, builds, 'import', load);
      figures.push(compareFigure(`logbook import of ${IMPORT_SIZE} flights (imports per second)`, runs));
      measured.push(...everyRun(runs));
      result.imports = { load: { connections: IMPORT_CONNECTIONS, flights_per_import: IMPORT_SIZE }, runs };
    }
    if (parts.includes('reads')) {
      const reads = await compareReads(bench, builds, { rounds: ROUNDS, connections: READ_CONNECTIONS });
      figures.push(...reads.figures);
      measured.push(...Object.values(reads.runs).flatMap(everyRun));
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
    bench.write({ ...result, compared_figures: figures }, figures);
  },
  3_600_000,
);
