/**
 * How long the commit of a 50,000-flight logbook file (`logbook-import.md` 2) holds the ingestion
 * process's event loop at most: every other request of the replica waits that long. The commit runs
 * here as the app runs it (PendingImports over its reading threads and ImportCommits, on a database of
 * its own), in BENCH_REPEATS (3) rounds, a new pilot each, then the same file again (every flight
 * `unchanged`). Its floors, measured in the same round for as long as the longer commit: the longest
 * hold of the same loop kept busy in turns of TURN_MS (as the commit's work is cut: what the machine's
 * other processes add to a turn), and of the loop waiting on Postgres (`pg_sleep`). Goal: the commit's
 * longest hold under 100 ms. Writes bench/results/import-commit-hold.json.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { type RelayWake } from '@pft/event-store';
import { FlightsRepository, PendingImportsRepository } from '@pft/logbook';
import { MAX_IMPORT_ROWS } from '@pft/logbook/domain';
import { dataSourceOptions } from '@pft/platform';
import { TURN_MS } from '@pft/platform/batching/in-turns';
import { threadsRunTypeScript } from '@pft/testing';
import { ImportCommits } from '../../apps/ingestion/src/imports/import-commits';
import { PendingImports } from '../../apps/ingestion/src/imports/pending-imports.service';
import { type IngestionConfig } from '../../apps/ingestion/src/ingestion.config';
import { pftFile } from '../../test/import/import-support';
import { benchmark, benchSetting, BenchRun, median } from '../support/bench-run';

// The reading threads run from the sources, in this process.
threadsRunTypeScript();

const ROWS = benchSetting('COMMIT_ROWS', MAX_IMPORT_ROWS);
const ROUNDS = Math.max(1, benchSetting('REPEATS', 3));
/** What the commit's longest hold of the event loop must stay under. */
const GOAL_MS = 100;

/** `work`'s result, how long it took and the longest the event loop was held meanwhile (ms). */
async function held<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; longest_hold_ms: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const started = performance.now();
  loop.enable();
  try {
    const result = await work();
    // The longest delay of the histogram's 1 ms timer: how long the loop went without turning.
    return {
      result,
      ms: Math.round(performance.now() - started),
      longest_hold_ms: Math.round(loop.max / 1e6),
    };
  } finally {
    loop.disable();
  }
}

/** The event loop kept busy for `ms`, in turns of TURN_MS of CPU each. */
async function busyInTurns(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const turn = performance.now();
    while (performance.now() - turn < TURN_MS) {
      // CPU, as a turn of the commit's work.
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

benchmark(
  "the longest event-loop hold of a 50,000-flight import's commit, beside the loop waiting as long",
  new BenchRun('import-commit-hold'),
  async (bench) => {
    const db = await bench.database();
    const dataSource = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    bench.defer(() => dataSource.destroy());
    const config = {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: 4,
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      DATABASE_QUERY_TIMEOUT_MS: 10_000,
    } as IngestionConfig;
    const commits = new ImportCommits(config, { afterCommit: () => undefined } as unknown as RelayWake);
    bench.defer(() => commits.onApplicationShutdown());
    const imports = new PendingImports(
      dataSource,
      commits,
      new PendingImportsRepository(),
      new FlightsRepository(),
    );
    bench.defer(() => imports.onApplicationShutdown());
    const file = pftFile(ROWS);

    const measured = async (pilot: string) => {
      const view = await imports.upload(pilot, 'auto', file);
      if (view.flights_valid !== ROWS) throw new Error(`the preview: ${JSON.stringify(view).slice(0, 300)}`);
      return held(() => imports.commit(pilot, view.import_id, `req-${randomUUID()}`));
    };
    const rounds: Record<string, number>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pilot = randomUUID();
      const first = await measured(pilot);
      if (first.result.recorded !== ROWS) throw new Error(`the commit: ${JSON.stringify(first.result)}`);
      const again = await measured(pilot);
      if (again.result.unchanged !== ROWS) throw new Error(`again: ${JSON.stringify(again.result)}`);
      const seconds = Math.max(first.ms, again.ms) / 1000;
      const busy = await held(() => busyInTurns(seconds * 1000));
      const idle = await held(() => dataSource.query('select pg_sleep($1)', [seconds]));
      rounds.push({
        commit_ms: first.ms,
        commit_longest_hold_ms: first.longest_hold_ms,
        again_ms: again.ms,
        again_longest_hold_ms: again.longest_hold_ms,
        busy_floor_longest_hold_ms: busy.longest_hold_ms,
        idle_floor_longest_hold_ms: idle.longest_hold_ms,
      });
    }
    const longest = {
      commit_longest_hold_ms: median(rounds.map((r) => r.commit_longest_hold_ms!)),
      again_longest_hold_ms: median(rounds.map((r) => r.again_longest_hold_ms!)),
      busy_floor_longest_hold_ms: median(rounds.map((r) => r.busy_floor_longest_hold_ms!)),
      idle_floor_longest_hold_ms: median(rounds.map((r) => r.idle_floor_longest_hold_ms!)),
    };
    const goals = {
      [`the commit's longest event-loop hold under ${GOAL_MS} ms`]: longest.commit_longest_hold_ms < GOAL_MS,
      [`the same file again: its longest hold under ${GOAL_MS} ms`]: longest.again_longest_hold_ms < GOAL_MS,
    };
    const shown = { ...longest, goals };
    bench.write({ settings: { rows: ROWS, rounds: ROUNDS }, rounds, ...shown }, shown);
  },
  1_800_000,
);
