import { availableParallelism } from 'node:os';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { type DataSource } from 'typeorm';
import { PilotTotalsConsumer, type ProjectionLogger } from './pilot-totals.consumer';
import {
  beginRebuild,
  dropVersion,
  leftoverVersions,
  readProjectionVersions,
  switchToVersion,
} from './projection-versions';
import { sweepProjectionGroups } from './projection-rebuild-groups';
import { takeRebuildLock } from './projection-rebuild-lock';
import { checkTopicHoldsRebuild, partitionsWithEventsGone, TopicIncompleteError } from './topic-beginning';
import { OffsetsPastEndError } from './offsets-past-end';
import { versionPastEnd } from './past-end-marks';

export interface RebuildProgress {
  version: number;
  /** Messages of the topic applied into the new version so far. */
  done: number;
  /** Messages on the topic now (sum of partition ends). */
  total: number;
  lag: number;
}

/** Another member of the rebuild's consumer group, folding beside the rebuild's own consumer. */
export interface RebuildMember {
  /** Leaves the group once its batches in flight have committed or rolled back. */
  stop(): Promise<void>;
}

/** Members a rebuild folds with unless told otherwise: one a core, at most four. */
export const defaultRebuildMembers = (): number => Math.min(4, availableParallelism());

export interface RebuildOptions {
  kafka: KafkaClient;
  dataSource: DataSource;
  topic: string;
  deadLetterTopic: string;
  concurrency?: number;
  maxBytesPerPartition?: number;
  logger?: ProjectionLogger;
  onProgress?: (progress: RebuildProgress) => void;
  pollMs?: number;
  /**
   * Starts more members of the version's consumer group once the rebuild's own consumer has started
   * (the CLI's fold threads): the topic's partitions are shared among them all. Each is stopped once
   * the version has caught up, or when the rebuild stops.
   */
  startMembers?: (version: number) => Promise<RebuildMember[]>;
  /** Aborting stops the rebuild between batches; run it again to resume where it stopped. */
  signal?: AbortSignal;
  /** Between catching up and switching: lets a test hold the new version unswitched. */
  beforeSwitch?: (version: number) => Promise<void>;
  /** Right after readers were switched: the CLI tells partner API replicas (PartnerReadRevision). */
  afterSwitch?: (version: number) => Promise<void>;
  /**
   * How long the consumer groups of the versions dropped may keep members before they are left undeleted,
   * with a warning (GROUPS_EMPTY_WITHIN_MS by default).
   */
  groupsEmptyWithinMs?: number;
}

export class RebuildInterruptedError extends Error {
  constructor(readonly version: number) {
    super(`rebuild of version ${version} interrupted; run it again to resume`);
  }
}

export interface RebuildResult {
  version: number;
  previous: number;
  resumed: boolean;
  /**
   * False when the run only finished one that had switched readers and ended before dropping the
   * version they left: nothing was folded, the tables left behind were dropped.
   */
  built: boolean;
  /** The versions whose tables, offsets and dead letters were dropped (their consumer groups deleted, or warned of). */
  dropped: number[];
  messages: number;
  /** Members of the version's consumer group that folded: the rebuild's own consumer and the others. */
  members: number;
  seconds: number;
}

/**
 * Builds the next version of the pilot totals tables from offset 0 with its own consumer group,
 * while the active version keeps serving; switches readers once it has caught up, then drops the
 * old tables. Interrupted, it resumes: the version being built and its stored offsets survive. Another
 * rebuild running meanwhile (in another process) is refused at its start with RebuildRunningError.
 */
export async function rebuildPilotTotals(options: RebuildOptions): Promise<RebuildResult> {
  // One rebuild at a time: two would take up the same version, and the later to switch fail.
  const release = await takeRebuildLock(options.dataSource);
  try {
    return await rebuildHoldingLock(options);
  } finally {
    await release();
  }
}

async function rebuildHoldingLock(options: RebuildOptions): Promise<RebuildResult> {
  const started = Date.now();
  const finished = await finishSwitchedRebuild(options, started);
  if (finished) return finished;
  await checkTopicHoldsRebuild(options.kafka, options.dataSource, options.topic);
  // A version being built whose offsets are past the end of the topic was built from another topic of
  // that name (made again, a database from elsewhere): its positions mean nothing here.
  const pastEnd = await buildingPastEnd(options);
  const { version, resumed, restartedFrom } = await beginRebuild(
    options.dataSource,
    options.topic,
    pastEnd !== undefined,
  );
  if (pastEnd) options.logger?.warn(`${pastEnd.message}: version ${version} begun again from offset 0`);
  if (restartedFrom !== undefined)
    options.logger?.warn(
      `version ${version} was being built from the topic ${restartedFrom}, not ${options.topic}: begun again from offset 0`,
    );
  const consumer = new PilotTotalsConsumer({
    kafka: options.kafka,
    dataSource: options.dataSource,
    topic: options.topic,
    deadLetterTopic: options.deadLetterTopic,
    version,
    concurrency: options.concurrency,
    maxBytesPerPartition: options.maxBytesPerPartition,
    logger: options.logger,
  });
  await consumer.start();
  let members: RebuildMember[] = [];
  let messages: number;
  try {
    members = (await options.startMembers?.(version)) ?? [];
    for (;;) {
      const partitions = await consumer.refreshFreshness();
      const total = partitions.reduce((sum, p) => sum + p.high, 0);
      const done = partitions.reduce((sum, p) => sum + Math.min(p.next, p.high), 0);
      messages = done;
      options.onProgress?.({ version, done, total, lag: total - done });
      if (options.signal?.aborted) throw new RebuildInterruptedError(version);
      // Deleted from the topic while the version was built (its retention): they would never come.
      const gone = partitionsWithEventsGone(partitions);
      if (gone.length > 0) throw new TopicIncompleteError(options.topic, version, gone);
      // Made again while the version was built: never switched to with events it skipped.
      const beyond = partitions.filter((p) => p.pastEnd);
      if (beyond.length > 0) throw new OffsetsPastEndError(options.topic, version, beyond);
      if (partitions.every((p) => p.next >= p.high)) break;
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
    }
  } finally {
    await Promise.all([consumer.stop(), ...members.map((member) => member.stop())]);
  }
  await options.beforeSwitch?.(version);
  const previous = await switchToVersion(options.dataSource, version);
  await options.afterSwitch?.(version);
  const dropped = await dropLeftVersions(options, version, previous);
  return {
    version,
    previous,
    resumed,
    built: true,
    dropped,
    messages,
    members: members.length + 1,
    seconds: (Date.now() - started) / 1000,
  };
}

/** The offsets of the version being built that are past the end of the topic, if any. */
async function buildingPastEnd(options: RebuildOptions): Promise<OffsetsPastEndError | undefined> {
  const { building } = await readProjectionVersions(options.dataSource);
  if (building === null) return undefined;
  const admin = options.kafka.admin();
  await admin.connect();
  try {
    const target = { version: building, topic: options.topic };
    const found = await versionPastEnd(options.dataSource, admin, target);
    return found.length > 0 ? new OffsetsPastEndError(options.topic, building, found) : undefined;
  } finally {
    await admin.disconnect();
  }
}

/**
 * A rebuild whose command ended after switching readers and before dropping the version they left (no
 * version is being built, an older one's tables are still there) is finished: partner API replicas are
 * told again, the versions left are dropped, and nothing is folded.
 */
async function finishSwitchedRebuild(
  options: RebuildOptions,
  started: number,
): Promise<RebuildResult | undefined> {
  const { active, building } = await readProjectionVersions(options.dataSource);
  if (building !== null) return undefined;
  const left = await leftoverVersions(options.dataSource);
  if (left.length === 0) return undefined;
  await options.afterSwitch?.(active);
  const dropped = await dropLeftVersions(options, active, left.at(-1)!);
  return {
    version: active,
    previous: left.at(-1)!,
    resumed: true,
    built: false,
    dropped,
    messages: 0,
    members: 0,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Drops every version below `active` still there, then deletes their consumer groups; a drop that fails
 * says readers are switched already.
 */
async function dropLeftVersions(
  options: RebuildOptions,
  active: number,
  previous: number,
): Promise<number[]> {
  const { dataSource } = options;
  try {
    const left = await leftoverVersions(dataSource);
    for (const version of left) await dropVersion(dataSource, version);
    // The groups of every version dropped, now or by an earlier rebuild whose deletion they outlasted,
    // and of every topic no longer read (projection_groups).
    await sweepProjectionGroups({
      kafka: options.kafka,
      dataSource,
      topic: options.topic,
      active,
      logger: options.logger,
      withinMs: options.groupsEmptyWithinMs,
    });
    return left;
  } catch (error) {
    throw new Error(
      `readers are switched to version ${active}, but version ${previous} was not dropped ` +
        `(${error instanceof Error ? error.message : String(error)}); run the rebuild again to drop it`,
      { cause: error },
    );
  }
}
