import { join } from 'node:path';
import { type DataSource } from 'typeorm';
import { createDataSource, type KafkaClientName } from '@pft/platform';
import { startAppProcess, startBuiltProcess } from '@pft/testing';

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

/** One projector run: the fold from its first stored batch, and from process start. */
export interface ProjectorRun {
  kafka_client: KafkaClientName;
  fold_seconds: number;
  fold_events: number;
  events_per_second: number;
  seconds_from_process_start: number;
  events_per_second_from_process_start: number;
}

/**
 * Polls the stored offsets of `version` until every partition reached its end. The first poll that
 * finds any offset stored marks the start of folding (the floors are timed from their first batch
 * alike); the events stored by then are left out of the steady rate.
 */
async function waitCaughtUp(
  dataSource: DataSource,
  version: number,
  ends: Map<number, number>,
): Promise<{ firstStoredAt: bigint; storedAtFirst: number; caughtUpAt: bigint }> {
  let first: { at: bigint; stored: number } | undefined;
  for (;;) {
    const rows: { kafka_partition: number; next_offset: string }[] = await dataSource.query(
      `select kafka_partition, next_offset from projection_offsets where version = $1`,
      [version],
    );
    const now = process.hrtime.bigint();
    const stored = new Map(rows.map((r) => [r.kafka_partition, Number(r.next_offset)]));
    const storedEvents = [...stored.values()].reduce((sum, next) => sum + next, 0);
    if (first === undefined && storedEvents > 0) first = { at: now, stored: storedEvents };
    if ([...ends].every(([p, high]) => high === 0 || stored.get(p) === high))
      return { firstStoredAt: first?.at ?? now, storedAtFirst: first?.stored ?? 0, caughtUpAt: now };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The environment the projector and the CLI run with: as deployed, a pool of 10 connections. With
 * BENCH_PROJECTOR_NODE_OPTIONS set (`--cpu-prof --cpu-prof-dir=<dir>` for CPU profiles), each process
 * runs with those Node options.
 */
export function projectorEnv(target: ProjectorTarget, client: KafkaClientName): Record<string, string> {
  const nodeOptions = process.env.BENCH_PROJECTOR_NODE_OPTIONS;
  return {
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
    DATABASE_URL: target.databaseUrl,
    DATABASE_POOL_SIZE: '10',
    KAFKA_BROKERS: target.brokers,
    KAFKA_CLIENT: client,
    PILOT_EVENTS_TOPIC: target.topic,
    DEAD_LETTER_TOPIC: target.deadLetterTopic,
  };
}

/**
 * Starts `replicas` projector apps on `client` (one consumer group), of the tests' build or of
 * `buildDir`, against a database with nothing projected yet, and times them until every partition's
 * stored offset reached the topic's end.
 */
export async function runProjector(
  target: ProjectorTarget,
  client: KafkaClientName,
  replicas = 1,
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
    const caughtUp = await waitCaughtUp(dataSource, 1, target.ends).finally(() =>
      Promise.all(projectors.map((p) => p.stop('SIGTERM'))),
    );
    const fromStart = Number(caughtUp.caughtUpAt - t) / 1e9;
    const foldSeconds = Number(caughtUp.caughtUpAt - caughtUp.firstStoredAt) / 1e9;
    const foldEvents = target.events - caughtUp.storedAtFirst;
    return {
      kafka_client: client,
      fold_seconds: foldSeconds,
      fold_events: foldEvents,
      events_per_second: foldEvents / foldSeconds,
      seconds_from_process_start: fromStart,
      events_per_second_from_process_start: target.events / fromStart,
    };
  } finally {
    await dataSource.destroy();
  }
}

/** One rebuild: its threads (members of the new version's consumer group) and its time. */
export interface RebuildRun {
  kafka_client: KafkaClientName;
  threads: number;
  seconds: number;
  events_per_second: number;
}

/**
 * `pft projections rebuild pilot_totals --threads <threads>` from the build on `client`, from process
 * start to exit.
 */
export async function runRebuild(
  target: ProjectorTarget,
  client: KafkaClientName,
  threads: number,
): Promise<RebuildRun> {
  const t = process.hrtime.bigint();
  const cli = startBuiltProcess(
    join('apps', 'cli', 'src', 'main.js'),
    ['projections', 'rebuild', 'pilot_totals', '--threads', String(threads)],
    projectorEnv(target, client),
  );
  const exit = await cli.exited;
  if (exit !== 0) throw new Error(`rebuild on ${client} exited ${String(exit)}: ${cli.output()}`);
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  return { kafka_client: client, threads, seconds, events_per_second: target.events / seconds };
}
