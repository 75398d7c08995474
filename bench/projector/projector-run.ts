import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DataSource } from 'typeorm';
import { createDataSource, type KafkaClientName } from '@pft/platform';
import { type AppProcess, startAppProcess, startBuiltProcess } from '@pft/testing';
import {
  cpuReading,
  type CpuReading,
  cpuSince,
  type ThreadKind,
  type ThreadsReading,
  threadsReading,
  threadsSince,
  machineCpu,
  noThreadTime,
  type MachineCpu,
  processesNamed,
} from '../support/cpu-accounts';

/** What a projector app needs to fold the benchmark's topic into a database. */
export interface ProjectorTarget {
  databaseUrl: string;
  brokers: string;
  topic: string;
  deadLetterTopic: string;
  /** Each partition's end offset: caught up once every stored offset reached it. */
  ends: Map<number, number>;
  events: number;
}

/** One projector run: the fold timed like consume-and-discard, and from process start. */
export interface ProjectorRun {
  kafka_client: KafkaClientName;
  fold_seconds: number;
  fold_events: number;
  events_per_second: number;
  seconds_from_process_start: number;
  events_per_second_from_process_start: number;
  /**
   * CPU per event folded, in µs, over the same span as the fold's rate: the projector's process (both
   * its threads), Postgres, the Kafka broker; and the whole machine's cores, busy with anything, and
   * stolen by the host while this machine had work (waiting its turn, on no process's account).
   */
  cpu_us_per_event: {
    projector: number;
    postgres: number;
    kafka: number;
    machine_busy: number;
    machine_steal: number;
    /** The projector's process by kind of thread (all replicas together), summing to `projector`. */
    projector_threads?: Record<ThreadKind, number>;
  };
  /** The machine's cores busy over the fold, as a share of all of them (1: no core ever idle). */
  machine_busy_share: number;
}

/** When the projector first had a batch stored, and how many events it had stored by then. */
interface CaughtUp {
  firstStoredAt: bigint;
  storedAtFirst: number;
  caughtUpAt: bigint;
}

/** Whose CPU a fold is charged with: read when the first batch is found stored, and at the end. */
interface FoldCpu {
  processes: CpuReading;
  machine: MachineCpu;
  /** Each projector's threads, by pid. */
  threads: Map<number, ThreadsReading>;
}

/**
 * Polls the stored offsets of `version` until every partition reached its end. The first poll that
 * finds any offset stored marks the start of folding (the consume-and-discard baseline is timed from
 * its first batch alike); the events stored by then are left out of the steady rate.
 */
async function waitCaughtUp(
  dataSource: DataSource,
  version: number,
  ends: Map<number, number>,
  onFirstStored: () => void,
): Promise<CaughtUp> {
  let first: { at: bigint; stored: number } | undefined;
  for (;;) {
    const rows: { kafka_partition: number; next_offset: string }[] = await dataSource.query(
      `select kafka_partition, next_offset from projection_offsets where version = $1`,
      [version],
    );
    const now = process.hrtime.bigint();
    const stored = new Map(rows.map((r) => [r.kafka_partition, Number(r.next_offset)]));
    const storedEvents = [...stored.values()].reduce((sum, next) => sum + next, 0);
    if (first === undefined && storedEvents > 0) {
      first = { at: now, stored: storedEvents };
      onFirstStored();
    }
    if ([...ends].every(([p, high]) => high === 0 || stored.get(p) === high)) {
      return { firstStoredAt: first?.at ?? now, storedAtFirst: first?.stored ?? 0, caughtUpAt: now };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The environment the projector and the CLI run with: as deployed, a pool of 10 connections. */
export function projectorEnv(target: ProjectorTarget, client: KafkaClientName): Record<string, string> {
  return {
    DATABASE_URL: target.databaseUrl,
    DATABASE_POOL_SIZE: '10',
    KAFKA_BROKERS: target.brokers,
    KAFKA_CLIENT: client,
    PILOT_EVENTS_TOPIC: target.topic,
    DEAD_LETTER_TOPIC: target.deadLetterTopic,
  };
}

/**
 * Starts `replicas` projector apps on `client` (one consumer group) against a database with nothing
 * projected yet, and times them until every partition's stored offset reached the topic's end.
 */
export async function runProjector(
  target: ProjectorTarget,
  client: KafkaClientName,
  replicas: number,
  /** Told the fold's start and end, microseconds of the monotonic clock (a profiled run's span). */
  onFold?: (fromUs: number, toUs: number) => void,
  /** Another build of the service to run the projector from (the tests' build by default). */
  buildDir?: string,
): Promise<ProjectorRun> {
  const dataSource = await createDataSource(target.databaseUrl, 2).initialize();
  try {
    const env = projectorEnv(target, client);
    const t = process.hrtime.bigint();
    const projectors = await Promise.all(
      Array.from({ length: replicas }, () =>
        startAppProcess('projector', env, { waitReady: false, buildDir }),
      ),
    );
    const accounts = {
      projector: () => projectors.map((p) => p.child.pid!),
      postgres: processesNamed('postgres'),
      kafka: processesNamed('java'),
    };
    const read = (): FoldCpu => ({
      processes: cpuReading(accounts),
      machine: machineCpu(),
      threads: new Map(projectors.map((p) => [p.child.pid!, threadsReading(p.child.pid!)])),
    });
    let caughtUp: CaughtUp;
    let atFirst: FoldCpu | undefined;
    let cpu: Record<string, number>;
    let machine: MachineCpu;
    const threads = noThreadTime();
    try {
      caughtUp = await waitCaughtUp(dataSource, 1, target.ends, () => (atFirst = read()));
      atFirst ??= read();
      cpu = cpuSince(accounts, atFirst.processes);
      for (const [pid, reading] of atFirst.threads)
        for (const [kind, seconds] of Object.entries(threadsSince(pid, reading)))
          threads[kind as ThreadKind] += seconds;
      const now = machineCpu();
      machine = {
        busy: now.busy - atFirst.machine.busy,
        idle: now.idle - atFirst.machine.idle,
        steal: now.steal - atFirst.machine.steal,
      };
    } finally {
      await Promise.all(projectors.map((p) => p.stop('SIGTERM')));
      keepOutput(projectors, target.topic, client);
    }
    onFold?.(Number(caughtUp.firstStoredAt / 1000n), Number(caughtUp.caughtUpAt / 1000n));
    const fromStart = Number(caughtUp.caughtUpAt - t) / 1e9;
    const foldSeconds = Number(caughtUp.caughtUpAt - caughtUp.firstStoredAt) / 1e9;
    const foldEvents = target.events - caughtUp.storedAtFirst;
    const perEvent = (seconds: number | undefined): number =>
      +(((seconds ?? 0) * 1e6) / foldEvents).toFixed(2);
    return {
      kafka_client: client,
      fold_seconds: foldSeconds,
      fold_events: foldEvents,
      events_per_second: foldEvents / foldSeconds,
      seconds_from_process_start: fromStart,
      events_per_second_from_process_start: target.events / fromStart,
      cpu_us_per_event: {
        projector: perEvent(cpu.projector),
        postgres: perEvent(cpu.postgres),
        kafka: perEvent(cpu.kafka),
        machine_busy: perEvent(machine.busy),
        machine_steal: perEvent(machine.steal),
        projector_threads: {
          event_loop: perEvent(threads.event_loop),
          v8_helpers: perEvent(threads.v8_helpers),
          libuv_pool: perEvent(threads.libuv_pool),
          worker_threads: perEvent(threads.worker_threads),
        },
      },
      machine_busy_share: +(machine.busy / (machine.busy + machine.idle + machine.steal)).toFixed(3),
    };
  } finally {
    await dataSource.destroy();
  }
}

/**
 * BENCH_APP_OUTPUT=<file>: each projector's output is added to that file after its run, under a line
 * naming the topic and client (with PFT_CHILD_NODE_ARGS=--trace-gc, say, its collections).
 */
function keepOutput(projectors: readonly AppProcess[], topic: string, client: KafkaClientName): void {
  const file = process.env.BENCH_APP_OUTPUT;
  if (!file) return;
  for (const projector of projectors)
    appendFileSync(
      file,
      `=== projector ${projector.child.pid} on ${topic}, ${client}\n${projector.output()}\n`,
    );
}

/** `pft projections rebuild pilot_totals` from the build on `client`, from process start to exit. */
export async function runRebuild(
  target: ProjectorTarget,
  client: KafkaClientName,
): Promise<{ kafka_client: KafkaClientName; seconds: number; events_per_second: number }> {
  const t = process.hrtime.bigint();
  const cli = startBuiltProcess(
    join('apps', 'cli', 'src', 'main.js'),
    ['projections', 'rebuild', 'pilot_totals'],
    projectorEnv(target, client),
  );
  const exit = await cli.exited;
  if (exit !== 0) throw new Error(`rebuild on ${client} exited ${String(exit)}: ${cli.output()}`);
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  return { kafka_client: client, seconds, events_per_second: target.events / seconds };
}
