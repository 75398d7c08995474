/**
 * The admin's part of the Kafka port (kafka.port.ts): topics, their partitions, offsets and
 * configuration, and consumer groups. Importers take these from kafka.port.ts, which re-exports them.
 */

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
