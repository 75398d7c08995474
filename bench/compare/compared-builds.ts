import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, TEST_BUILD_DIR } from '@pft/testing';
import { type BenchRun, median, share } from '../support/bench-run';

/** The two builds compared: an earlier revision's and this tree's. */
export type BuildName = 'baseline' | 'current';
export const BUILDS: readonly BuildName[] = ['baseline', 'current'];

const ROOT = join(__dirname, '..', '..');

/** The tests' build of `revision` in a temporary worktree (node_modules linked from this tree), removed at the end. */
function buildRevision(bench: BenchRun, revision: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pft-baseline-'));
  const git = (...args: string[]): void => void execFileSync('git', args, { cwd: ROOT, stdio: 'inherit' });
  git('worktree', 'add', '--detach', dir, revision);
  bench.defer(() => {
    git('worktree', 'remove', '--force', dir);
    rmSync(dir, { recursive: true, force: true });
  });
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  execFileSync('npm', ['run', '--silent', 'build:test'], { cwd: dir, stdio: 'inherit' });
  return join(dir, 'dist-test');
}

/** The full commit id of a revision's name. */
const revisionOf = (name: string): string =>
  execFileSync('git', ['rev-parse', name], { cwd: ROOT }).toString().trim();

/**
 * The builds compared: `baseline`'s, and `current`'s or, without it, this tree's tests' build
 * (BENCH_BASELINE and BENCH_CURRENT); with the revisions as a result records them.
 */
export function comparedBuildsOf(
  bench: BenchRun,
  baseline: string,
  current: string | undefined,
): { builds: Record<BuildName, string>; revisions: Record<string, unknown> } {
  return {
    builds: {
      baseline: buildRevision(bench, baseline),
      current: current ? buildRevision(bench, current) : TEST_BUILD_DIR,
    },
    revisions: {
      baseline_revision: revisionOf(baseline),
      current_revision: revisionOf(current ?? 'HEAD'),
      current_is_this_tree: current === undefined,
    },
  };
}

/** Runs a build's own command line on `databaseUrl`; returns what it printed. */
export function runCli(buildDir: string, databaseUrl: string, args: string[]): string {
  return execFileSync(process.execPath, [join(buildDir, 'apps', 'cli', 'src', 'main.js'), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  }).toString();
}

/** A database of its own for each build, made empty and migrated by that build's own command line. */
export async function migratedDatabases(
  bench: BenchRun,
  builds: Record<BuildName, string>,
): Promise<Record<BuildName, string>> {
  const databases: Record<BuildName, string> = { baseline: '', current: '' };
  for (const build of BUILDS) {
    // Made empty: this tree's migrations would leave an earlier build's with nothing to do.
    databases[build] = (await bench.database({ migrate: false })).url;
    runCli(builds[build], databases[build], ['db', 'migrate']);
  }
  return databases;
}

/** A rate measured once: an HTTP load (support/measure.ts) or a fold, its rate unrounded. */
interface RateRun {
  name: string;
  requests_per_second_exact: number;
}

/** One figure's runs: each build's and its floor's, one of each per round. */
export type FigureRuns<R extends RateRun = RateRun> = Record<BuildName | 'floor', R[]>;

/** Every run of a figure: each build's and its floor's. */
export const everyRun = <R extends RateRun>(runs: FigureRuns<R>): R[] => [
  ...runs.baseline,
  ...runs.current,
  ...runs.floor,
];

/** A figure of both builds, each beside the floor measured in the same rounds. */
export interface ComparedFigure {
  figure: string;
  floor: string;
  /** What the rates count, per second: requests unless said (a fold's: events). */
  unit?: string;
  baseline_req_s: number;
  current_req_s: number;
  floor_req_s: number;
  /** Medians over the rounds. */
  current_vs_baseline: number;
  current_vs_floor: number;
  baseline_vs_floor: number;
  /** Round by round, in the order measured. */
  current_vs_baseline_by_round: number[];
  current_vs_floor_by_round: number[];
  baseline_vs_floor_by_round: number[];
}

export function compareFigure(figure: string, runs: FigureRuns, unit?: string): ComparedFigure {
  // Unrounded: an import of 1,000 flights runs at a few dozen a second, where a whole request is 4%.
  const rates = (of: RateRun[]): number[] => of.map((r) => r.requests_per_second_exact);
  const baseline = median(rates(runs.baseline));
  const current = median(rates(runs.current));
  const floor = median(rates(runs.floor));
  const byRound = (of: RateRun[], against: RateRun[]): number[] =>
    of.map((r, i) => share(r.requests_per_second_exact, against[i]!.requests_per_second_exact));
  return {
    figure,
    floor: runs.floor[0]?.name ?? '',
    ...(unit && { unit }),
    baseline_req_s: baseline,
    current_req_s: current,
    floor_req_s: floor,
    current_vs_baseline: share(current, baseline),
    current_vs_floor: share(current, floor),
    baseline_vs_floor: share(baseline, floor),
    current_vs_baseline_by_round: byRound(runs.current, runs.baseline),
    current_vs_floor_by_round: byRound(runs.current, runs.floor),
    baseline_vs_floor_by_round: byRound(runs.baseline, runs.floor),
  };
}

/**
 * A build's ingestion app on its own database, its relay off (what is compared is the request path),
 * with `env` added: as the compared POST and import run it.
 */
export function comparedIngestion(
  bench: BenchRun,
  databaseUrl: string,
  buildDir: string,
  env: Record<string, string> = {},
): Promise<AppProcess> {
  return bench.app(
    'ingestion',
    {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '20',
      RELAY_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    { buildDir },
  );
}
