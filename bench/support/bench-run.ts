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
import { BenchProfiles } from './bench-profiles';
import { Bystander } from './bystander';
import { type Measured, measure } from './measure';
import { measurePaced, type PacedMeasured, type PacedOptions } from './paced-load';
import { PauseProbe, type ServerPauses } from './pause-probe';

/** A BENCH_<name> setting from the environment, or its default. */
export function benchSetting(name: string, fallback: number): number {
  return Number(process.env[`BENCH_${name}`] ?? fallback);
}

/** BENCH_PACED_SECONDS: how long each paced load runs, when not the run's seconds. */
export const PACED_SECONDS: number | undefined = process.env.BENCH_PACED_SECONDS
  ? Number(process.env.BENCH_PACED_SECONDS)
  : undefined;

/** Where results are written and read: bench/results/ unless BENCH_RESULTS_DIR says otherwise. */
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? join(__dirname, '..', 'results');

/** `value` as a share of `floor`, measured in the same run, to three decimals. */
export const share = (value: number, floor: number): number => +(value / floor).toFixed(3);

/** A yardstick server of a benchmark, in a process of its own. */
interface Floor {
  child: { kill(signal?: NodeJS.Signals): boolean };
}

type Cleanup = () => unknown;

/**
 * One benchmark's run: what it starts (apps, floor servers, databases, topics) is stopped or dropped
 * when it ends, the last started first; its loads run with the run's seconds and connections unless
 * told otherwise; its result is written to RESULTS_DIR/<name>.json, replacing the last one (the
 * history is in git).
 *
 * With BENCH_PROFILE=1 the apps it starts run under the CPU profiler (bench-profiles.ts): each load is
 * a span, and where each app spent it goes to RESULTS_DIR/<name>-profiles.json once the run ends. The
 * profiler slows what it watches, so such a run's figures replace no result.
 */
export class BenchRun {
  private readonly cleanups: Cleanup[] = [];
  private readonly profiles = process.env.BENCH_PROFILE === '1' ? new BenchProfiles() : undefined;
  /** While `briefly` runs: how long its closed-loop loads last. */
  private briefSeconds: number | undefined;
  /** Paced loads so far: with BENCH_PAUSE_TRACE, each writes its requests' trace as paced-<n>.json there. */
  private pacedRuns = 0;
  private bystander: Promise<Bystander> | undefined;
  private probe: PauseProbe | undefined;

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

  /** A floor server (support/bare-server.ts), killed when the run ends. */
  async floor<F extends Floor>(starting: Promise<F>): Promise<F> {
    const floor = await starting;
    this.defer(() => floor.child.kill('SIGTERM'));
    return floor;
  }

  /**
   * Puts the pause probe (support/pause-probe.ts) in every app and floor server started from now on,
   * so each paced load given its server's process id, and each load run through `probed`, reports
   * what that server did meanwhile.
   */
  probePauses(): void {
    if (this.probe) return;
    const probe = (this.probe = PauseProbe.install());
    this.defer(() => probe.remove());
  }

  /**
   * `work` (a load of the server `serverPid`) with what the run's pause probe saw in that server
   * meanwhile (`server_pauses`: its collections, stalls, held requests and bytes allocated per request),
   * once the run probes its servers (probePauses); else `work` as it is.
   */
  async probed<R extends object>(
    serverPid: number,
    work: () => Promise<R>,
  ): Promise<R & { server_pauses?: ServerPauses }> {
    const probe = this.probe;
    if (!probe) return work();
    await probe.reset(serverPid);
    const result = await work();
    return { ...result, server_pauses: await probe.read(serverPid) };
  }

  /** Connections opened and code warm before anything is measured; not recorded. */
  async warm(options: autocannon.Options): Promise<void> {
    await autocannon({ duration: 3, connections: 10, ...options });
  }

  /** A closed-loop load (autocannon) for the run's seconds over its connections, unless `options` say otherwise. */
  measure(name: string, options: autocannon.Options): Promise<Measured> {
    const duration = this.briefSeconds ?? this.load.seconds;
    return this.span(name, () => measure(name, { connections: this.load.connections, duration, ...options }));
  }

  /** `work` with each closed-loop load it measures lasting `seconds` instead of the run's seconds. */
  async briefly<R>(seconds: number, work: () => Promise<R>): Promise<R> {
    const before = this.briefSeconds;
    this.briefSeconds = seconds;
    try {
      return await work();
    } finally {
      this.briefSeconds = before;
    }
  }

  /**
   * The paced open-loop load (support/paced-load.ts) over the run's connections, for the run's seconds
   * unless BENCH_PACED_SECONDS says otherwise, with the run's bystander (support/bystander.ts, started
   * with the first) measuring the machine's stalls. Its p99 is decided by its slowest 1%: the longer
   * the run, the less one stall of the machine decides it. With `serverPid`, once the run probes its
   * servers' pauses (probePauses), that server's over the recorded part are reported too.
   */
  async paced(
    name: string,
    options: Omit<PacedOptions, 'seconds' | 'connections' | 'server'> & { serverPid?: number },
  ): Promise<PacedMeasured> {
    const { serverPid, ...load } = options;
    const traceDir = process.env.BENCH_PAUSE_TRACE;
    const traceFile = traceDir && join(traceDir, `paced-${++this.pacedRuns}.json`);
    const bystander = await (this.bystander ??= this.startBystander());
    const server = this.probe && serverPid !== undefined ? { probe: this.probe, pid: serverPid } : undefined;
    return this.span(name, () =>
      measurePaced(name, {
        seconds: PACED_SECONDS ?? this.load.seconds,
        connections: this.load.connections,
        bystander,
        server,
        ...(traceFile && { traceFile }),
        ...load,
      }),
    );
  }

  private async startBystander(): Promise<Bystander> {
    const bystander = await Bystander.start();
    this.defer(() => bystander.stop());
    return bystander;
  }

  /** Work the run times other than a load of its own: a span when profiled. */
  span<T>(name: string, work: () => Promise<T>): Promise<T> {
    return this.profiles ? this.profiles.span(name, work) : work();
  }

  /** A span timed elsewhere (a projector's fold, from its first stored batch): microseconds, monotonic clock. */
  recordSpan(name: string, fromUs: number, toUs: number): void {
    this.profiles?.record(name, fromUs, toUs);
  }

  /**
   * Writes the result, after the benchmark's name, when it was written and the machine it ran on
   * (the load average then: other work on the machine skews every figure). Returns the file.
   */
  write(result: Record<string, unknown>): string {
    if (this.profiles) {
      process.stdout.write(`[bench ${this.name}] profiled: its figures replace no result\n`);
      return '';
    }
    return this.writeResult(this.name, result);
  }

  private writeResult(name: string, result: Record<string, unknown>): string {
    const report = {
      benchmark: this.name,
      when: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg(), node: process.version },
      ...result,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, `${name}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
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
    if (this.profiles) {
      // Every process the run started has ended, and so has written its profiles.
      const settings = Object.fromEntries(
        Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_')),
      );
      const file = this.writeResult(`${this.name}-profiles`, { settings, spans: this.profiles.summary() });
      this.profiles.remove();
      process.stdout.write(`[bench ${this.name}] profiles: ${file}\n`);
    }
  }
}

/**
 * A benchmark as a jest test of the bench project: `body` gets the run, which is closed however it
 * ends. Without `timeoutMs`, jest's own (`--testTimeout`, as `npm run bench` sets it) applies.
 */
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
