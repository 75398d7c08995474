import {
  type BatchPayload,
  type EventConsumer,
  type EventProducer,
  type MessageBatch,
  type TopicAdmin,
} from '@pft/platform/kafka/kafka.port';
import { type BatchOutcome } from './pilot-totals.batch';
import { PilotTotalsTransaction } from './pilot-totals.transaction';
import { GroupOffsetCommits } from './group-offset-commits';
import { HeldCommands } from './held-commands';
import { storedOffsets } from './stored-offsets';
import { StoredOffsetSeeks } from './stored-offset-seeks';
import { KeptPartitions } from './kept-partitions';
import { recordProjectionGroup } from './projection-rebuild-groups';
import { ParkedPartitions } from './parked-partitions';
import { projectionMetrics, recordBatchOutcome } from './projection-metrics';
import { type PartitionLag, refreshPartitionFreshness } from './projection-freshness';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';
import { partitionsWithEventsGone, TopicIncompleteError } from './topic-beginning';
import { OffsetsPastEndError } from './offsets-past-end';
import { pastEndOnJoining } from './past-end-marks';
import {
  heartbeatIntervalMs,
  type PilotTotalsConsumerOptions,
  projectionConsumerOptions,
  type ProjectionLogger,
} from './pilot-totals.consumer-options';

export { foldConcurrency, type ProjectionLogger } from './pilot-totals.consumer-options';

/** How long a stop waits for the last offsets to be committed to Kafka before it leaves the group. */
const COMMIT_WAIT_ON_STOP_MS = 1000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Consumes the pilot-events topic into one version of the pilot totals tables. The offsets stored in
 * Postgres with each batch are the truth; each is copied to the group's committed offset in Kafka
 * after its batch (GroupOffsetCommits), so a member given a partition, at its start or in a takeover,
 * fetches from there. A fetch that still comes back older (a commit lost with a killed member, a
 * group that has no commit yet) is skipped and the partition sought to the stored offset.
 */
export class PilotTotalsConsumer {
  private consumer?: EventConsumer;
  private producer?: EventProducer;
  private admin?: TopicAdmin;
  private readonly held: HeldCommands;
  private readonly transaction: PilotTotalsTransaction;
  private commits?: GroupOffsetCommits;
  private readonly kept = new KeptPartitions();
  private readonly parked = new ParkedPartitions();
  private readonly seeks: StoredOffsetSeeks;
  private readonly logger: ProjectionLogger;
  private readonly crashListeners: ((restarting: boolean) => void)[] = [];
  private started = false;
  private joined = false;
  /** The record of its group the last join made (recordProjectionGroup), waited for on stopping. */
  private recordingGroup: Promise<void> = Promise.resolve();
  private gone?: TopicIncompleteError;
  private beyond?: OffsetsPastEndError;
  private readonly labels: { projection: string; version: string };

  constructor(private readonly options: PilotTotalsConsumerOptions) {
    this.logger = options.logger ?? silent;
    this.labels = { projection: PILOT_TOTALS_PROJECTION, version: String(options.version) };
    const heldMessages = (messages: number) => projectionMetrics.held.set(this.labels, messages);
    this.held = new HeldCommands(Date.now, undefined, heldMessages);
    heldMessages(0);
    this.transaction = new PilotTotalsTransaction(options, {
      labels: this.labels,
      held: this.held,
      logger: this.logger,
      producer: () => this.producer,
    });
    const { dataSource, topic, version } = options;
    this.seeks = new StoredOffsetSeeks({
      read: async (partitions) =>
        pastEndOnJoining(
          { dataSource, topic, version, admin: this.admin, parked: this.parked, logger: this.logger },
          await storedOffsets(dataSource, version, partitions, topic),
        ),
      seek: (partition, offset) => this.consumer?.seek(topic, partition, offset),
      generation: () => this.kept.generation,
      failed: (error) =>
        this.logger.warn(
          `stored offsets not read on joining: ${messageOf(error)}; reading from the group's commit`,
        ),
    });
  }

  get version(): number {
    return this.options.version;
  }

  /** Started, in its group and not crashed since it last joined: what the projector's readiness asks. */
  get consuming(): boolean {
    return this.started && this.joined;
  }

  async start(): Promise<void> {
    const { kafka, dataSource, topic, version } = this.options;
    // Recorded before the group exists, so that it is deleted once the version is dropped or the topic
    // is no longer read (sweepProjectionGroups), whatever becomes of the offsets it stores.
    await recordProjectionGroup(dataSource, version, topic);
    this.producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await this.producer.connect();
    this.admin = kafka.admin();
    await this.admin.connect();
    this.consumer = kafka.consumer(projectionConsumerOptions(this.options));
    // A batch that kept failing (Postgres away longer than the retries) stops the consumer; the
    // client starts it again, and it resumes from the offsets stored in Postgres.
    this.consumer.onCrash(({ error, restart }) => {
      this.joined = false;
      this.held.forgetAll();
      this.parked.clear();
      this.logger.warn(`consumer stopped: ${error.message}; ${restart ? 'restarting' : 'not restarting'}`);
      for (const listener of this.crashListeners) listener(restart);
    });
    this.consumer.onGroupJoin((assigned) => {
      this.joined = true;
      // Every partition, kept or given, is read from its stored offset: what was held is read again.
      this.held.forgetAll();
      // The partitions kept read on from where they were stored (KeptPartitions).
      const partitions = assigned.find((a) => a.topic === topic)?.partitions ?? [];
      this.parked.joined(partitions);
      const kept = this.kept.joined(partitions);
      for (const [partition, offset] of kept) this.consumer?.seek(topic, partition, offset);
      const given = partitions.filter((p) => !kept.some(([k]) => k === p));
      this.seeks.given(given);
      // Recorded again: a sweep may have deleted the group while it was empty (recordProjectionGroup).
      this.recordingGroup = recordProjectionGroup(dataSource, version, topic).catch((error: unknown) =>
        this.logger.warn(`consumer group not recorded on joining: ${messageOf(error)}`),
      );
      // When it took up its partitions: what a slow takeover after another member died is read against.
      this.logger.log(`joined the consumer group of ${PILOT_TOTALS_PROJECTION} version ${version}`);
    });
    const consumer = this.consumer;
    this.commits = new GroupOffsetCommits(
      (offsets) => consumer.commitOffsets(offsets.map((o) => ({ topic, ...o }))),
      (error) => this.logger.log(`stored offsets not committed to Kafka: ${messageOf(error)}`),
    );
    await this.consumer.connect();
    await this.consumer.subscribe([topic], { fromBeginning: true });
    // No seek to the stored offsets here: a seek to a partition not assigned yet would be kept by the
    // client until the partition comes, however old it is by then. The group's commits lead instead.
    await this.consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: this.options.concurrency ?? 4,
      eachBatch: (payload) => this.eachBatch(payload),
    });
    this.started = true;
    this.logger.log(`consuming ${topic} into ${PILOT_TOTALS_PROJECTION} version ${version}`);
  }

  /** Called whenever the consumer stops on an error, with whether it is being started again. */
  onCrash(listener: (restarting: boolean) => void): void {
    this.crashListeners.push(listener);
  }

  /** Stops fetching; a batch in flight either commits whole or rolls back. */
  async stop(): Promise<void> {
    this.started = false;
    // The last offsets reach the group before leaving it: the next owner starts from them.
    await this.commits?.settled(COMMIT_WAIT_ON_STOP_MS);
    await this.consumer?.disconnect();
    // A join just before leaving may still be reading its stored offsets, or recording its group, when
    // the pool is closed: no join comes after the disconnect, so the last one's record is waited for.
    this.seeks.stop();
    await this.recordingGroup;
    await this.producer?.disconnect();
    await this.admin?.disconnect();
    this.consumer = this.producer = this.admin = undefined;
  }

  private async eachBatch(payload: BatchPayload): Promise<void> {
    const { batch } = payload;
    await this.seeks.settled(batch.partition);
    if (!payload.isRunning() || payload.isStale() || batch.messages.length === 0) return;
    // Nothing past a gap, or past an offset beyond the topic's end, can be applied: dropped unread.
    if (this.parked.isParked(batch.partition)) {
      projectionMetrics.parked.inc(this.labels, batch.messages.length);
      return;
    }
    const heartbeats = this.heartbeatWhile(payload);
    const generation = this.kept.generation;
    try {
      // What the partition held back from earlier fetches goes first: a command is applied whole.
      const held = this.held.before(batch.partition, batch.messages[0]!.offset);
      const outcome = await this.transaction.apply(batch, held);
      if (outcome) await this.afterBatch(batch, outcome, generation, held[0]?.message.offset);
    } finally {
      clearInterval(heartbeats);
    }
  }

  /**
   * Heartbeats while a batch runs: a batch that waits on a slow database keeps its partitions past the
   * session timeout. One that finds the group rebalancing is left to finish (its transaction is what
   * counts); the consumer rejoins after it.
   */
  private heartbeatWhile(payload: BatchPayload): NodeJS.Timeout {
    return setInterval(() => {
      payload.heartbeat().catch(() => undefined);
    }, heartbeatIntervalMs(this.options));
  }

  private async afterBatch(
    batch: MessageBatch,
    outcome: BatchOutcome,
    generation: number,
    heldFrom: string | undefined,
  ): Promise<void> {
    const { topic } = this.options;
    if (outcome.applied > 0) await this.options.afterChange?.();
    const next = outcome.nextOffset ?? outcome.storedOffset;
    recordBatchOutcome(this.labels, batch, outcome, next);
    for (const d of outcome.deadLetters) {
      this.logger.warn(`dead letter at ${topic}/${batch.partition}@${d.message.offset}: ${d.reason}`);
    }
    const fetched = this.parked.afterBatch(batch.partition, {
      stored: outcome.storedOffset,
      fetchedFrom: heldFrom ?? batch.messages[0]?.offset,
      lastOffset: batch.lastOffset(),
      highWatermark: batch.highWatermark,
      readNothing: outcome.nextOffset === null,
      sameJoin: generation === this.kept.generation,
    });
    if (fetched.seek !== undefined) this.consumer?.seek(topic, batch.partition, fetched.seek);
    if (fetched.parked)
      this.logger.log(
        `${topic}/${batch.partition}: offset ${outcome.storedOffset} is ` +
          (BigInt(outcome.storedOffset) > BigInt(batch.highWatermark)
            ? `past the end of the topic (${batch.highWatermark})`
            : 'no longer on the topic') +
          '; the partition waits at its end until it has no gap (docs/operations.md)',
      );
    const { held, seek } = this.kept.batchStored(batch.partition, next, generation);
    if (seek) this.consumer?.seek(topic, batch.partition, next);
    // Not for a partition given to another member meanwhile: its new owner commits from now on.
    if (held) this.commits?.note(batch.partition, next);
    // What the batch held back waits in memory for the partition's next fetch, unless the partition
    // is read again from its stored offset (a join while the batch ran) or is no longer this member's.
    if (held && !seek) this.held.keep(batch.partition, outcome, batch.lastOffset());
    else this.held.forget(batch.partition);
  }

  /**
   * Freshness and lag: partitions read to their end as of now are complete through now, so an idle,
   * healthy pipeline keeps `last_updated` current. Returns the lag per partition.
   */
  async refreshFreshness(): Promise<PartitionLag[]> {
    if (!this.admin) return [];
    const { dataSource, topic, version } = this.options;
    const generation = this.parked.generation;
    const partitions = await refreshPartitionFreshness(
      this.admin,
      dataSource,
      { topic, version },
      this.labels,
      this.parked.pastEndOffsets,
    );
    const gone = partitionsWithEventsGone(partitions).map(({ partition, low, next }) => ({
      partition,
      low,
      next,
    }));
    this.gone = gone.length > 0 ? new TopicIncompleteError(topic, version, gone) : undefined;
    const beyond = partitions
      .filter((p) => p.pastEnd)
      .map(({ partition, high, next }) => ({ partition, high, next }));
    this.beyond = beyond.length > 0 ? new OffsetsPastEndError(topic, version, beyond) : undefined;
    // A partition with a gap waits at its end; one whose gap is gone (its stored offset moved on) is
    // read again from there at once.
    const { park, resume } = this.parked.refreshed(generation, partitions);
    for (const [partition, offset] of [...park, ...resume]) this.consumer?.seek(topic, partition, offset);
    return partitions;
  }

  /**
   * As of the last freshness refresh, the events the version has still to fold that the topic no longer
   * holds (a retention other than unlimited): their partitions wait at their end (ParkedPartitions), and
   * the version can never be complete.
   */
  get eventsGone(): TopicIncompleteError | undefined {
    return this.gone;
  }

  /**
   * As of the last freshness refresh, the offsets the version stored past the end of the topic (the
   * topic made again, a database from another environment): their partitions fold nothing, and the
   * version can be complete only rebuilt from this topic.
   */
  get offsetsPastEnd(): OffsetsPastEndError | undefined {
    return this.beyond;
  }
}
