import { type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type KafkaClient } from '@pft/platform';
import {
  type AppName,
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  startAppProcess,
  type TestDatabase,
} from '@pft/testing';
import { type Measured, measure } from './measure';
import { measurePaced, type PacedMeasured, type PacedOptions } from './paced-load';

/** A BENCH_<name> setting from the environment, or its default. */
export function benchSetting(name: string, fallback: number): number {
  return Number(process.env[`BENCH_${name}`] ?? fallback);
}

/** BENCH_<name>: some of `known`, comma-separated (default all), in their order; fails on any other name. */
export function namedSetting<T extends string>(name: string, known: readonly T[]): T[] {
  const value = process.env[`BENCH_${name}`];
  const names = (value ?? known.join(','))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0 || names.some((n) => !(known as readonly string[]).includes(n)))
    throw new Error(`BENCH_${name} must name some of ${known.join(', ')}; got "${value}"`);
  return known.filter((n) => names.includes(n));
}

/**
 * The loads of `rounds` that BENCH_<name> names (namedSetting; default all): a run of some of a bench's
 * loads, whose shares of loads left out are not reported.
 */
export function selectedRounds<K extends string>(
  name: string,
  rounds: Record<K, () => Promise<Measured>>,
): Record<K, () => Promise<Measured>> {
  const names = namedSetting(name, Object.keys(rounds) as K[]);
  return Object.fromEntries(names.map((key) => [key, rounds[key]])) as Record<K, () => Promise<Measured>>;
}

/** The settings of a bench measured in rounds: BENCH_SECONDS (10), BENCH_CONNECTIONS, BENCH_REPEATS (3, at least 1). */
export const roundSettings = (
  connections: number,
): { seconds: number; connections: number; repeats: number } => ({
  seconds: benchSetting('SECONDS', 10),
  connections: benchSetting('CONNECTIONS', connections),
  repeats: Math.max(1, benchSetting('REPEATS', 3)),
});

/** Where results are written and read: bench/results/ unless BENCH_RESULTS_DIR says otherwise. */
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? join(__dirname, '..', 'results');

/** `value` as a share of `floor`, measured in the same run, to three decimals. */
export const share = (value: number, floor: number): number => +(value / floor).toFixed(3);

/** The median of `values` (the mean of the middle two when their count is even). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** p50, p90, p99 and the largest of `values` (milliseconds). */
export function latencySummary(values: readonly number[]): Record<'p50' | 'p90' | 'p99' | 'max', number> {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number): number =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

/**
 * The run whose `value` is the median of `runs` (the lower middle one of an even number), with every
 * run's value beside it.
 */
export function medianRun<R extends object>(runs: R[], value: (run: R) => number): R & { repeats: number[] } {
  const sorted = [...runs].sort((a, b) => value(a) - value(b));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, repeats: runs.map(value) };
}

/**
 * The items in the order of each round: as given in even rounds, reversed in odd ones (A B, B A, ...),
 * so that noise drifting over a run (a warming page cache, a neighbour's job) falls on each alike.
 */
export function roundOrder<T>(items: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...items] : [...items].reverse();
}

/** Every load of `round`, `repeats` rounds in roundOrder: each load's runs, round by round. */
export async function inRounds<K extends string>(
  round: Record<K, () => Promise<Measured>>,
  repeats: number,
): Promise<Record<K, Measured[]>> {
  const loads = Object.entries(round) as [K, () => Promise<Measured>][];
  const runs = Object.fromEntries(loads.map(([key]) => [key, [] as Measured[]])) as Record<K, Measured[]>;
  for (let n = 0; n < repeats; n++)
    for (const [key, load] of roundOrder(loads, n)) runs[key].push(await load());
  return runs;
}

/** Each round's share of `floor` (unrounded rates: a slow run's rounded rate moves in whole steps). */
export const roundShares = (runs: readonly Measured[], floor: readonly Measured[]): number[] =>
  runs.map((run, n) => share(run.requests_per_second_exact, floor[n]!.requests_per_second_exact));

/** The median of each figure's round shares, to three decimals. */
export function medianShares<K extends string>(byRound: Record<K, number[]>): Record<K, number> {
  const entries = Object.entries<number[]>(byRound).map(([k, v]) => [k, +median(v).toFixed(3)]);
  return Object.fromEntries(entries) as Record<K, number>;
}

/**
 * Every load of `round` in `repeats` rounds (inRounds); each share named in `pairs`, a figure over its
 * reference, round by round (roundShares) and its median (medianShares); and each load's median run by
 * rate, in the order of `round`.
 */
export async function measureRounds<K extends string, S extends string>(
  round: Record<K, () => Promise<Measured>>,
  repeats: number,
  pairs: Record<S, readonly [figure: K, reference: K]>,
): Promise<{
  runs: Record<K, Measured & { repeats: number[] }>;
  sharesByRound: Record<S, number[]>;
  shares: Record<S, number>;
}> {
  const rounds = await inRounds(round, repeats);
  const sharesByRound = Object.fromEntries(
    Object.entries<readonly [K, K]>(pairs)
      .filter(([, [figure, reference]]) => rounds[figure] && rounds[reference])
      .map(([name, [figure, reference]]) => [name, roundShares(rounds[figure], rounds[reference])]),
  ) as Record<S, number[]>;
  const runs = Object.fromEntries(
    (Object.keys(round) as K[]).map((key) => [key, medianRun(rounds[key], (r) => r.requests_per_second)]),
  ) as Record<K, Measured & { repeats: number[] }>;
  return { runs, sharesByRound, shares: medianShares(sharesByRound) };
}

type Cleanup = () => unknown;

/**
 * One benchmark's run: what it starts is stopped or dropped when it ends, the last first; its loads run
 * with its seconds and connections unless told otherwise; its result goes to RESULTS_DIR/<name>.json.
 */
export class BenchRun {
  private readonly cleanups: Cleanup[] = [];

  constructor(
    readonly name: string,
    private readonly load: { seconds: number; connections: number } = { seconds: 10, connections: 10 },
  ) {}

  /** Runs `cleanup` when the run ends, before whatever was registered earlier. */
  defer(cleanup: Cleanup): void {
    this.cleanups.push(cleanup);
  }

  /** A database of its own, dropped when the run ends: migrated by this tree's migrations unless `migrate: false`. */
  async database(options?: { migrate?: boolean }): Promise<TestDatabase> {
    const db = await createTestDatabase(options);
    this.defer(() => db.drop());
    return db;
  }

  async topic(kafka: KafkaClient, prefix: string, partitions: number): Promise<string> {
    const topic = await createTestTopic(kafka, prefix, partitions);
    this.defer(() => deleteTestTopics(kafka, [topic]));
    return topic;
  }

  /** An app of the tests' build as a process of its own, stopped when the run ends unless it was before. */
  async app(
    name: AppName,
    env: Record<string, string>,
    options?: Parameters<typeof startAppProcess>[2],
  ): Promise<AppProcess> {
    const app = await startAppProcess(name, env, options);
    let stopped: Promise<number | NodeJS.Signals> | undefined;
    const stop: AppProcess['stop'] = (signal) => (stopped ??= app.stop(signal));
    this.defer(() => stop());
    return { ...app, stop };
  }

  /** A floor server (support/bare-server.ts), in a process of its own killed when the run ends. */
  async floor<F extends { child: ChildProcess }>(starting: Promise<F>): Promise<F> {
    const floor = await starting;
    this.defer(() => floor.child.kill('SIGTERM'));
    return floor;
  }

  /** Connections opened and code warm before anything is measured; not recorded. */
  async warm(options: autocannon.Options): Promise<void> {
    await autocannon({ duration: 3, connections: 10, ...options });
  }

  /** A closed-loop load (autocannon) for the run's seconds over its connections, unless `options` say otherwise. */
  measure(name: string, options: autocannon.Options): Promise<Measured> {
    return measure(name, { connections: this.load.connections, duration: this.load.seconds, ...options });
  }

  /** The paced load (support/paced-load.ts) for BENCH_PACED_SECONDS (the run's seconds). */
  paced(name: string, options: Omit<PacedOptions, 'seconds' | 'connections'>): Promise<PacedMeasured> {
    return measurePaced(name, {
      seconds: benchSetting('PACED_SECONDS', this.load.seconds),
      connections: this.load.connections,
      ...options,
    });
  }

  /** Writes the result after its name, time and machine (with its load average); prints `shown`, if given. */
  write(result: Record<string, unknown>, shown?: unknown): string {
    const report = {
      benchmark: this.name,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg(), node: process.version },
      ...result,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, `${this.name}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    if (shown !== undefined) process.stdout.write(`${JSON.stringify(shown, null, 2)}\n${file}\n`);
    return file;
  }

  /** Stops and drops everything the run started, the last first; a failing cleanup does not stop the others. */
  async close(): Promise<void> {
    for (const cleanup of this.cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        process.stderr.write(`[bench ${this.name}] cleanup failed: ${String(err)}\n`);
      }
    }
  }
}

/** A benchmark as a jest test, its run closed however it ends; jest's timeout unless `timeoutMs`. */
export function benchmark(
  title: string,
  bench: BenchRun,
  body: (run: BenchRun) => Promise<void>,
  timeoutMs?: number,
): void {
  test(
    title,
    async () => {
      try {
        await body(bench);
      } finally {
        await bench.close();
      }
    },
    timeoutMs,
  );
}

/** Measurements, not goals, decide nothing; but every request of every run must have been answered well. */
export function expectAnsweredWell(runs: readonly { name: string; non_2xx: number; errors: number }[]): void {
  for (const run of runs)
    expect({ run: run.name, non2xx: run.non_2xx, errors: run.errors }).toEqual({
      run: run.name,
      non2xx: 0,
      errors: 0,
    });
}
