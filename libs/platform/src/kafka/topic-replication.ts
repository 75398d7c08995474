import { type TopicReplicas } from './kafka.port';

/** How many copies each topic keeps, and how many must have a message before acks=all answers. */
export interface TopicReplication {
  factor: number;
  minInsync: number;
}

/** The variables that say it (KAFKA_REPLICATION_FACTOR, KAFKA_MIN_INSYNC_REPLICAS). */
export function topicReplication(config: {
  KAFKA_REPLICATION_FACTOR: number;
  KAFKA_MIN_INSYNC_REPLICAS: number;
}): TopicReplication {
  return { factor: config.KAFKA_REPLICATION_FACTOR, minInsync: config.KAFKA_MIN_INSYNC_REPLICAS };
}

/** A refusal to create or check topics, under a stable code. */
export class KafkaTopicsError extends Error {
  override readonly name = 'KafkaTopicsError';

  constructor(
    readonly code: 'KAFKA_TOO_FEW_BROKERS' | 'KAFKA_TOPIC_PARTITIONS' | 'KAFKA_SETTING_NOT_APPLIED',
    message: string,
  ) {
    super(message);
  }
}

/** Refuses a factor the cluster's live brokers cannot hold. */
export function checkBrokerCount(brokers: number, factor: number): void {
  if (brokers >= factor) return;
  throw new KafkaTopicsError(
    'KAFKA_TOO_FEW_BROKERS',
    `the Kafka cluster has ${brokers} live broker${brokers === 1 ? '' : 's'}, fewer than the ${factor} replicas KAFKA_REPLICATION_FACTOR=${factor} asks for: start more brokers or lower KAFKA_REPLICATION_FACTOR`,
  );
}

/** The JSON file `kafka-reassign-partitions --execute` takes. */
export interface ReassignmentPlan {
  version: 1;
  partitions: { topic: string; partition: number; replicas: number[] }[];
}

/**
 * New replicas for each partition of `topic`: the current ones on live brokers first (the leader
 * stays preferred), cut to `factor`, or completed with the brokers that hold the fewest replicas.
 */
export function reassignmentPlan(
  topic: TopicReplicas,
  factor: number,
  brokerIds: number[],
): ReassignmentPlan {
  const kept = topic.partitions.map((p) => p.replicas.filter((r) => brokerIds.includes(r)).slice(0, factor));
  const load = new Map(brokerIds.map((id) => [id, kept.flat().filter((r) => r === id).length]));
  const partitions = topic.partitions.map((p, i) => {
    const replicas = [...(kept[i] ?? [])];
    while (replicas.length < factor) {
      const next = brokerIds
        .filter((id) => !replicas.includes(id))
        .sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || a - b)[0];
      if (next === undefined) break;
      replicas.push(next);
      load.set(next, (load.get(next) ?? 0) + 1);
    }
    return { topic: topic.topic, partition: p.partition, replicas };
  });
  return { version: 1, partitions };
}

/** A topic whose replication differs from the configuration, with what fixes it. */
export type TopicMismatch =
  | {
      topic: string;
      setting: 'replication.factor';
      actual: number;
      wanted: number;
      plan: ReassignmentPlan;
    }
  | {
      topic: string;
      setting: 'min.insync.replicas';
      actual: number | undefined;
      wanted: number;
      /** Whether `pft kafka topics --fix` may set it now: not above the replicas the topic has yet. */
      fixable: boolean;
    }
  | {
      topic: string;
      setting: 'retention.ms';
      actual: number | undefined;
      wanted: number;
    };

/** What is known of an existing topic. */
export interface ExistingTopic {
  replicas: TopicReplicas;
  /** Its min.insync.replicas as the broker describes it (its own, or the broker's default). */
  minInsync: string | undefined;
}

/**
 * Compares existing topics with the configured replication. The replication factor of a topic is
 * the smallest replica count of its partitions (a partition with fewer copies is the weak one).
 */
export function replicationMismatches(
  topics: ExistingTopic[],
  wanted: TopicReplication,
  brokerIds: number[],
): TopicMismatch[] {
  const found: TopicMismatch[] = [];
  for (const { replicas, minInsync } of topics) {
    const topic = replicas.topic;
    const counts = replicas.partitions.map((p) => p.replicas.length);
    const factor = counts.length ? Math.min(...counts) : 0;
    const uneven = counts.some((c) => c !== factor);
    if (factor !== wanted.factor || uneven) {
      found.push({
        topic,
        setting: 'replication.factor',
        actual: factor,
        wanted: wanted.factor,
        plan: reassignmentPlan(replicas, wanted.factor, brokerIds),
      });
    }
    const actual = minInsync === undefined ? undefined : Number(minInsync);
    if (actual !== wanted.minInsync) {
      found.push({
        topic,
        setting: 'min.insync.replicas',
        actual,
        wanted: wanted.minInsync,
        fixable: wanted.minInsync <= factor,
      });
    }
  }
  return found;
}

/**
 * An existing topic whose messages are not kept as long as its spec says (a topic made by hand, or
 * by a broker's auto-creation, keeps them 7 days by Kafka's default): the pilot events topic is what
 * every projection is rebuilt from, so it must keep them all.
 */
export function retentionMismatches(
  topic: string,
  reported: string | undefined,
  wanted: number,
): TopicMismatch[] {
  const actual = reported === undefined ? undefined : Number(reported);
  return actual === wanted ? [] : [{ topic, setting: 'retention.ms', actual, wanted }];
}

/** The file the reassignment command reads a topic's plan from. */
export const planFile = (topic: string): string => `${topic}-reassignment.json`;

/** The command that fixes a mismatch, for the brokers of `bootstrap` (KAFKA_BROKERS). */
export function fixCommand(m: TopicMismatch, bootstrap: string): string {
  if (m.setting === 'replication.factor') {
    return `kafka-reassign-partitions.sh --bootstrap-server ${bootstrap} --reassignment-json-file ${planFile(m.topic)} --execute`;
  }
  if (m.setting === 'retention.ms') {
    return `kafka-configs.sh --bootstrap-server ${bootstrap} --alter --entity-type topics --entity-name ${m.topic} --add-config retention.ms=${m.wanted}`;
  }
  return m.fixable
    ? 'pft kafka topics --fix'
    : 'pft kafka topics --fix, once the replication factor is fixed (the topic has fewer replicas than that)';
}

/** The lines an operator reads for one mismatch. */
export function describeMismatch(m: TopicMismatch, bootstrap: string): string[] {
  if (m.setting === 'retention.ms') {
    return [
      `${m.topic}: retention.ms ${m.actual ?? 'unset'}, configuration says ${m.wanted} (${m.wanted === -1 ? 'every message kept: projections are rebuilt from this topic' : 'the configured retention'})`,
      `  fix: ${fixCommand(m, bootstrap)}`,
    ];
  }
  if (m.setting === 'min.insync.replicas') {
    return [
      `${m.topic}: min.insync.replicas ${m.actual ?? 'unset'}, configuration says ${m.wanted} (KAFKA_MIN_INSYNC_REPLICAS)`,
      `  fix: ${fixCommand(m, bootstrap)}`,
      ...(m.fixable
        ? [
            `  (or: kafka-configs.sh --bootstrap-server ${bootstrap} --alter --entity-type topics --entity-name ${m.topic} --add-config min.insync.replicas=${m.wanted})`,
          ]
        : []),
    ];
  }
  return [
    `${m.topic}: replication factor ${m.actual}, configuration says ${m.wanted} (KAFKA_REPLICATION_FACTOR)`,
    `  fix: save this reassignment plan as ${planFile(m.topic)}:`,
    `    ${JSON.stringify(m.plan)}`,
    `  then run: ${fixCommand(m, bootstrap)}`,
    '  and the same command with --verify instead of --execute until every partition is complete',
  ];
}
