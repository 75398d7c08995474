/**
 * The consumer's part of the Kafka port (kafka.port.ts): a consumer group's member, the batches it is
 * handed and the offsets it commits. Importers take these types from kafka.port.ts, which re-exports
 * them.
 */

export interface ConsumerOptions {
  groupId: string;
  sessionTimeoutMs?: number;
  /** How long a rebalance waits for members to rejoin (@platformatic/kafka: at least the session). */
  rebalanceTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** Bytes fetched per partition and request: the upper bound of one batch. */
  maxBytesPerPartition?: number;
  maxBytes?: number;
  /** How long the broker may hold a fetch that has nothing new. */
  maxWaitTimeMs?: number;
}

/** Partitions of one topic. */
export interface TopicPartitions {
  topic: string;
  partitions: number[];
}

/** The next offset to read of one partition of a topic. */
export interface TopicPartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

/** One consumed record. */
export interface ConsumedMessage {
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
}

/** The messages of one fetch from one partition, in offset order. */
export interface MessageBatch {
  topic: string;
  partition: number;
  /** The partition's end when fetched: the offset the next produced message gets. */
  highWatermark: string;
  messages: ConsumedMessage[];
  /** The offset of the last message (of the fetch, also when messages were filtered out). */
  lastOffset(): string;
}

export interface BatchPayload {
  batch: MessageBatch;
  /** False once the consumer is stopping: the handler should not start work. */
  isRunning(): boolean;
  /** True when a seek or rebalance made this batch obsolete. */
  isStale(): boolean;
  /**
   * Tells the group this member is alive while a long batch runs, so it keeps its partitions. Rejects
   * when the group is rebalancing; the consumer rejoins once the handler returns.
   */
  heartbeat(): Promise<void>;
}

export interface MessagePayload {
  topic: string;
  partition: number;
  message: ConsumedMessage;
}

export interface ConsumerRun {
  /** Called per partition batch; a rejection makes the consumer retry, then crash and restart. */
  eachBatch?: (payload: BatchPayload) => Promise<void>;
  eachMessage?: (payload: MessagePayload) => Promise<void>;
  /**
   * Whether the group's offsets are committed to Kafka as batches complete (default true). A
   * consumer that stores its offsets elsewhere turns it off and seeks to them instead.
   */
  autoCommit?: boolean;
  /** Partitions whose batches run at once (default 1). */
  partitionsConsumedConcurrently?: number;
}

/** The consumer stopped on an error; `restart` says whether it starts itself again. */
export interface ConsumerCrash {
  error: Error;
  restart: boolean;
}

export interface EventConsumer {
  connect(): Promise<void>;
  /** fromBeginning: a group with no committed offset starts at the first message, not the end. */
  subscribe(topics: string[], options?: { fromBeginning?: boolean }): Promise<void>;
  /** Starts fetching in the background; resolves once running. */
  run(run: ConsumerRun): Promise<void>;
  /**
   * Reads `partition` from `offset` on its next fetch (after run; also for partitions not yet fetched).
   * An offset no longer on the topic (below its first offset: a retention deleted its records; or past
   * its end), sought or committed, is read from the partition's first offset if subscribed fromBeginning,
   * else from its end, and what is there handed out: the caller sees the gap in the batch's offsets.
   */
  seek(topic: string, partition: number, offset: string): void;
  /**
   * Stores the group's committed offsets in Kafka (per partition, the next offset to read): where a
   * member given the partition later starts fetching. Rejects when this member is not in the group's
   * current generation (a rebalance, a session lost).
   */
  commitOffsets(offsets: TopicPartitionOffset[]): Promise<void>;
  onCrash(listener: (crash: ConsumerCrash) => void): void;
  /**
   * Called each time the consumer has joined its group and has its partitions (also after a crash or
   * rebalance), with the partitions it was given, before it fetches them: a seek made in the listener
   * is where they are read from.
   */
  onGroupJoin(listener: (assigned: TopicPartitions[]) => void): void;
  /** Leaves the group; a batch in flight finishes first. */
  disconnect(): Promise<void>;
}
