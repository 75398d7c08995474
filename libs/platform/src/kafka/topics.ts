import { setTimeout as sleep } from 'node:timers/promises';
import { type KafkaClient, type TopicAdmin } from './kafka.port';
import {
  checkBrokerCount,
  type ExistingTopic,
  KafkaTopicsError,
  replicationMismatches,
  retentionMismatches,
  type TopicMismatch,
  type TopicReplication,
  topicReplication,
} from './topic-replication';

export * from './topic-replication';

export interface TopicSpec {
  topic: string;
  numPartitions: number;
  /** -1 keeps every message forever: the pilot-events topic is the replay source. */
  retentionMs: number;
  /** Replicas and min.insync.replicas; unset: one of each, as on a one-node broker. */
  replication?: TopicReplication;
}

export function pilotTopics(config: {
  PILOT_EVENTS_TOPIC: string;
  DEAD_LETTER_TOPIC: string;
  PILOT_EVENTS_PARTITIONS: number;
  KAFKA_REPLICATION_FACTOR: number;
  KAFKA_MIN_INSYNC_REPLICAS: number;
}): TopicSpec[] {
  const replication = topicReplication(config);
  return [
    {
      topic: config.PILOT_EVENTS_TOPIC,
      numPartitions: config.PILOT_EVENTS_PARTITIONS,
      retentionMs: -1,
      replication,
    },
    { topic: config.DEAD_LETTER_TOPIC, numPartitions: 1, retentionMs: -1, replication },
  ];
}

const ONE_COPY: TopicReplication = { factor: 1, minInsync: 1 };

/** What ensureTopics did and found. */
export interface TopicsReport {
  created: string[];
  existing: string[];
  /** Existing topics whose replication differs from their spec (left as they are). */
  mismatches: TopicMismatch[];
  /** The live brokers' ids, for the reassignment plans. */
  brokerIds: number[];
}

/**
 * Creates the missing topics with their partitions, retention, replicas and min.insync.replicas,
 * and checks the existing ones. Refuses (KafkaTopicsError) when the cluster has fewer live brokers
 * than a topic's replicas, and when an existing topic has another partition count (that would
 * silently move keys). Other differences (replicas, min.insync.replicas, retention) are reported, not
 * changed.
 */
export async function ensureTopics(kafka: KafkaClient, specs: TopicSpec[]): Promise<TopicsReport> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { brokers, brokerIds } = await admin.describeCluster();
    checkBrokerCount(brokers, Math.max(1, ...specs.map((s) => (s.replication ?? ONE_COPY).factor)));
    const listed = new Set(await admin.listTopics());
    const missing = specs.filter((s) => !listed.has(s.topic));
    if (missing.length > 0) {
      await admin.createTopics(
        missing.map(({ replication = ONE_COPY, ...s }) => ({
          ...s,
          replicationFactor: replication.factor,
          minInsyncReplicas: replication.minInsync,
        })),
      );
    }
    const present = specs.filter((s) => listed.has(s.topic));
    const mismatches = present.length > 0 ? await checkExisting(admin, present, brokerIds) : [];
    return {
      created: missing.map((s) => s.topic),
      existing: present.map((s) => s.topic),
      mismatches,
      brokerIds,
    };
  } finally {
    await admin.disconnect();
  }
}

async function checkExisting(
  admin: TopicAdmin,
  present: TopicSpec[],
  brokerIds: number[],
): Promise<TopicMismatch[]> {
  for (const topic of await admin.topicPartitions(present.map((s) => s.topic))) {
    const wanted = present.find((s) => s.topic === topic.topic);
    if (wanted && topic.partitions !== wanted.numPartitions) {
      throw new KafkaTopicsError(
        'KAFKA_TOPIC_PARTITIONS',
        `Topic ${topic.topic} has ${topic.partitions} partitions, configuration says ${wanted.numPartitions}`,
      );
    }
  }
  const replicas = await admin.topicReplicas(present.map((s) => s.topic));
  const mismatches: TopicMismatch[] = [];
  for (const spec of present) {
    const described = replicas.find((r) => r.topic === spec.topic);
    if (!described) continue;
    const config = await admin.topicConfig(spec.topic, ['min.insync.replicas', 'retention.ms']);
    const existing: ExistingTopic = { replicas: described, minInsync: config['min.insync.replicas'] };
    mismatches.push(...replicationMismatches([existing], spec.replication ?? ONE_COPY, brokerIds));
    mismatches.push(...retentionMismatches(spec.topic, config['retention.ms'], spec.retentionMs));
  }
  return mismatches;
}

/** How long `fixMinInsync` reads a setting back before it calls the fix not applied. */
const APPLIED_WITHIN_MS = 10_000;
const READ_BACK_EVERY_MS = 200;

/**
 * Sets min.insync.replicas on the topics where a mismatch says it may be set now (never above
 * the replicas a topic has); answers the mismatches it fixed, once the brokers say so. The controller
 * accepts a change at once, and each broker applies it from the metadata log a moment later; until
 * then the broker that answers still reports the old value. So each value is read back until it shows
 * (at most `appliedWithinMs`), and a check made right after the fix finds it; one that does not show
 * is refused as KAFKA_SETTING_NOT_APPLIED.
 */
export async function fixMinInsync(
  kafka: KafkaClient,
  mismatches: TopicMismatch[],
  options: { appliedWithinMs?: number } = {},
): Promise<TopicMismatch[]> {
  const fixable = mismatches.filter((m) => m.setting === 'min.insync.replicas' && m.fixable);
  if (fixable.length === 0) return [];
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (const m of fixable) {
      await admin.alterTopicConfig(m.topic, { 'min.insync.replicas': String(m.wanted) });
    }
    const deadline = Date.now() + (options.appliedWithinMs ?? APPLIED_WITHIN_MS);
    for (const m of fixable) await readBack(admin, m, deadline);
    return fixable;
  } finally {
    await admin.disconnect();
  }
}

/** Waits until the brokers report the value `m` wants; refuses once `deadline` has passed without it. */
async function readBack(admin: TopicAdmin, m: TopicMismatch, deadline: number): Promise<void> {
  for (;;) {
    const reported = (await admin.topicConfig(m.topic, ['min.insync.replicas']))['min.insync.replicas'];
    if (reported === String(m.wanted)) return;
    if (Date.now() >= deadline) {
      throw new KafkaTopicsError(
        'KAFKA_SETTING_NOT_APPLIED',
        `Topic ${m.topic}: min.insync.replicas was set to ${m.wanted}, but the brokers still report ${reported ?? 'no value'}; run the command again to check it`,
      );
    }
    await sleep(READ_BACK_EVERY_MS);
  }
}
