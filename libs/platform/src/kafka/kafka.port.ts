/**
 * The Kafka port: what the apps, the CLI, the tests and the benchmarks ask of a Kafka client, in
 * their own words. Two adapters implement it (kafka/kafkajs/, kafka/platformatic/); nothing else speaks
 * to a Kafka client library, and both pass the same contract tests (libs/testing/src/kafka-port-contract.ts).
 */

/** Backoff between retries of a failed request or connection. */
export interface KafkaRetry {
  initialRetryTime?: number;
  maxRetryTime?: number;
  /** 0: one try, no retry. */
  retries?: number;
}

/** Timeouts and retries a caller may set otherwise (the command line gives up within seconds). */
export interface KafkaTiming {
  connectionTimeout?: number;
  requestTimeout?: number;
  retry?: KafkaRetry;
}

/** Where the client's own log lines go; levels as Nest's Logger names them. */
export interface KafkaLogger {
  error(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  log(fields: Record<string, unknown>, message: string): void;
  debug(fields: Record<string, unknown>, message: string): void;
}

export interface KafkaClientOptions {
  clientId: string;
  brokers: string[];
  timing?: KafkaTiming;
  /** Without one, the client logs nothing (its failures still reach the caller as errors). */
  logger?: KafkaLogger;
}

/** The adapters, as KAFKA_CLIENT names them: kafkajs 2 (the default) or @platformatic/kafka. */
export const KAFKA_CLIENTS = ['kafkajs', 'platformatic'] as const;
export type KafkaClientName = (typeof KAFKA_CLIENTS)[number];

/** Makes a client; each adapter provides one. */
export type KafkaClientFactory = (options: KafkaClientOptions) => KafkaClient;

export interface KafkaClient {
  producer(options?: ProducerOptions): EventProducer;
  consumer(options: ConsumerOptions): EventConsumer;
  admin(): TopicAdmin;
  /**
   * Reads the given offset ranges of `topic`'s partitions back, without joining a consumer group's
   * partitions or committing offsets; resolves with their messages, by partition in offset order.
   * Rejects when they are not all read within `timeoutMs` (default 30 s).
   */
  readPartitions(
    topic: string,
    ranges: PartitionRange[],
    options?: { timeoutMs?: number },
  ): Promise<StoredMessage[]>;
}

/** Offsets `from` (included) to `to` (excluded, no further than the partition's end) of one partition. */
export interface PartitionRange {
  partition: number;
  from: string;
  to: string;
}

/** A message read back by its offset, with its headers as UTF-8 text. */
export interface StoredMessage {
  partition: number;
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, string>;
}

export interface ProducerOptions {
  /** The broker drops a retried duplicate (needs maxInFlightRequests 1 to also never reorder). */
  idempotent?: boolean;
  maxInFlightRequests?: number;
  /**
   * true: a send to a missing topic asks the broker to create it with the broker's defaults. Unset or
   * false (in both adapters): it fails; topics are made by the project (ensureTopics).
   */
  allowAutoTopicCreation?: boolean;
}

/**
 * A message to send. Messages with the same key go to the same partition, chosen as the Java client
 * does (murmur2 of the key), so every client of the topic agrees on a pilot's partition.
 */
export interface OutgoingMessage {
  key: string | Buffer | null;
  value: string | Buffer | null;
  headers?: Record<string, string>;
  /**
   * The time the message is stamped with (ms since the epoch), what fetchTopicOffsetsByTimestamp
   * finds it by. Unset: the producer's clock when the send is made, which may differ from the clock of
   * whatever the caller will look the message up from.
   */
  timestamp?: number;
}

export interface SendRecord {
  topic: string;
  messages: OutgoingMessage[];
  /**
   * -1 (also when unset, in both adapters): every in-sync replica, at least the topic's
   * min.insync.replicas, has the messages before the send resolves.
   */
  acks?: -1 | 0 | 1;
}

export interface EventProducer {
  connect(): Promise<void>;
  /** Resolves once the broker acknowledged every message; in order per partition. */
  send(record: SendRecord): Promise<void>;
  disconnect(): Promise<void>;
}

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

/** A topic to create. */
export interface NewTopic {
  topic: string;
  numPartitions: number;
  replicationFactor: number;
  /** -1 keeps every message forever. */
  retentionMs: number;
  /** The topic's min.insync.replicas; unset: the broker's default. */
  minInsyncReplicas?: number;
}

/** Where a partition's copies live, by broker id (the first replica is the preferred leader). */
export interface PartitionReplicas {
  partition: number;
  replicas: number[];
  /** The replicas caught up with the leader. */
  isr: number[];
}

export interface TopicReplicas {
  topic: string;
  partitions: PartitionReplicas[];
}

export interface PartitionOffsets {
  partition: number;
  /** The first offset still held. */
  low: string;
  /** The offset the next message gets. */
  high: string;
}

/** A partition's offset, as a look-up by time answers it. */
export interface PartitionOffset {
  partition: number;
  offset: string;
}

export interface TopicAdmin {
  /** Resolves at once while a connection is open. */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Asks a broker for the cluster's live brokers (their count and ids): proves one answers. */
  describeCluster(): Promise<{ brokers: number; brokerIds: number[] }>;
  listTopics(): Promise<string[]>;
  /** Creates the topics and waits for their partition leaders; false when all existed already. */
  createTopics(topics: NewTopic[]): Promise<boolean>;
  /** The partition count of each topic. */
  topicPartitions(topics: string[]): Promise<{ topic: string; partitions: number }[]>;
  /** Configuration values of a topic (for example retention.ms), by name; absent names are left out. */
  topicConfig(topic: string, names: string[]): Promise<Record<string, string>>;
  /** Sets these configuration values of a topic, keeping the others it has (retention.ms included). */
  alterTopicConfig(topic: string, values: Record<string, string>): Promise<void>;
  /** Each partition's replicas and in-sync replicas, per topic in the order asked, partitions in order. */
  topicReplicas(topics: string[]): Promise<TopicReplicas[]>;
  fetchTopicOffsets(topic: string): Promise<PartitionOffsets[]>;
  /**
   * Per partition, the first offset whose message's timestamp is at or after `timestamp` (ms since
   * the epoch: the producer's clock, unless the topic stamps append times), or the partition's end
   * when no message is that recent.
   */
  fetchTopicOffsetsByTimestamp(topic: string, timestamp: number): Promise<PartitionOffset[]>;
  deleteTopics(topics: string[], timeoutMs?: number): Promise<void>;
  /**
   * Deletes consumer groups with no member left, their committed offsets with them, and answers what
   * became of each. A group that still has members is not deleted: the broker refuses, and the group
   * and its offsets are left as they are ('not-empty'). Any other failure rejects.
   */
  deleteGroups(groupIds: string[]): Promise<Map<string, GroupDeletion>>;
}

/**
 * What became of a consumer group asked to be deleted: 'deleted'; 'not-found' (none of that id: never
 * made, deleted already, or gone with its last member before any commit); 'not-empty' (it still has
 * members, and was left as it is).
 */
export type GroupDeletion = 'deleted' | 'not-found' | 'not-empty';

/** The broker's names for the refusals a deletion of groups answers as a GroupDeletion. */
export const GROUP_DELETION_REFUSALS: Readonly<Record<string, GroupDeletion>> = {
  NON_EMPTY_GROUP: 'not-empty',
  GROUP_ID_NOT_FOUND: 'not-found',
};

/**
 * A failure of the Kafka client, as the adapter reports it: `connection` when no broker could be
 * reached (refused, unknown host, timed out), so callers can name the brokers without knowing the
 * client library's errors. The client's own error is the cause.
 */
export class KafkaClientError extends Error {
  override readonly name = 'KafkaClientError';

  constructor(
    message: string,
    readonly connection: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
