import {
  Admin,
  ConfigResourceTypes,
  IncrementalAlterConfigOperationTypes,
  type BaseOptions,
} from '@platformatic/kafka';
import {
  GROUP_DELETION_REFUSALS,
  type GroupDeletion,
  type KafkaLogger,
  type NewTopic,
  type PartitionOffset,
  type PartitionOffsets,
  type TopicAdmin,
  type TopicReplicas,
} from '../kafka.port';
import { newTopicConfigs } from '../topic-configs';
import { toPortError, translated } from './platformatic-errors';
import { logClientEvents } from './platformatic-log';

/** What ListOffsets answers for "the first offset held" and "the offset the next message gets". */
const EARLIEST = -2n;
const LATEST = -1n;
const LEADER_WAIT_MS = 10_000;

export class PlatformaticAdmin implements TopicAdmin {
  private admin: Admin | undefined;

  constructor(
    private readonly options: BaseOptions,
    private readonly logger?: KafkaLogger,
  ) {}

  private client(): Admin {
    if (!this.admin) {
      this.admin = new Admin(this.options);
      logClientEvents(this.admin, 'admin', this.logger);
    }
    return this.admin;
  }

  /** The client connects on its first request: asking for the cluster's metadata proves a broker answers. */
  async connect(): Promise<void> {
    await translated(() => this.client().metadata({ topics: [] }));
  }

  async disconnect(): Promise<void> {
    const admin = this.admin;
    this.admin = undefined;
    if (admin) await translated(() => admin.close());
  }

  async describeCluster(): Promise<{ brokers: number; brokerIds: number[] }> {
    const metadata = await translated(() => this.client().metadata({ topics: [], forceUpdate: true }));
    const brokerIds = [...metadata.brokers.keys()].sort((a, b) => a - b);
    return { brokers: brokerIds.length, brokerIds };
  }

  listTopics(): Promise<string[]> {
    return translated(() => this.client().listTopics());
  }

  async createTopics(topics: NewTopic[]): Promise<boolean> {
    const existing = new Set(await this.listTopics());
    const missing = topics.filter((t) => !existing.has(t.topic));
    let created = false;
    for (const t of missing) {
      try {
        await translated(() =>
          this.client().createTopics({
            topics: [t.topic],
            partitions: t.numPartitions,
            replicas: t.replicationFactor,
            configs: Object.entries(newTopicConfigs(t)).map(([name, value]) => ({ name, value })),
          }),
        );
        created = true;
      } catch (error) {
        // Another process created it in between: it exists, which is all that was asked.
        if (!(await this.listTopics()).includes(t.topic)) throw error;
      }
    }
    if (created) await this.waitForLeaders(missing.map((t) => t.topic));
    return created;
  }

  /** As kafkajs's waitForLeaders: a topic is usable once each of its partitions has a leader. */
  private async waitForLeaders(topics: string[]): Promise<void> {
    const deadline = Date.now() + LEADER_WAIT_MS;
    for (;;) {
      const metadata = await translated(() => this.client().metadata({ topics, forceUpdate: true })).catch(
        () => undefined,
      );
      const led = topics.every((name) => {
        const topic = metadata?.topics.get(name);
        return topic !== undefined && topic.partitions.every((p) => p.leader >= 0);
      });
      if (led || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async topicPartitions(topics: string[]): Promise<{ topic: string; partitions: number }[]> {
    const metadata = await translated(() => this.client().metadata({ topics, forceUpdate: true }));
    return topics.map((topic) => ({ topic, partitions: metadata.topics.get(topic)?.partitionsCount ?? 0 }));
  }

  async topicConfig(topic: string, names: string[]): Promise<Record<string, string>> {
    const described = await translated(() =>
      this.client().describeConfigs({
        resources: [
          { resourceType: ConfigResourceTypes.TOPIC, resourceName: topic, configurationKeys: names },
        ],
      }),
    );
    const configs = described[0]?.configs ?? [];
    return Object.fromEntries(
      configs.filter((c) => typeof c.value === 'string').map((c) => [c.name, c.value as string]),
    );
  }

  /** IncrementalAlterConfigs: only the values named change. */
  async alterTopicConfig(topic: string, values: Record<string, string>): Promise<void> {
    await translated(() =>
      this.client().incrementalAlterConfigs({
        resources: [
          {
            resourceType: ConfigResourceTypes.TOPIC,
            resourceName: topic,
            configs: Object.entries(values).map(([name, value]) => ({
              name,
              value,
              configOperation: IncrementalAlterConfigOperationTypes.SET,
            })),
          },
        ],
      }),
    );
  }

  async topicReplicas(topics: string[]): Promise<TopicReplicas[]> {
    const metadata = await translated(() => this.client().metadata({ topics, forceUpdate: true }));
    return topics.flatMap((topic) => {
      const described = metadata.topics.get(topic);
      if (!described) return [];
      return [
        {
          topic,
          partitions: described.partitions.map((p, partition) => ({
            partition,
            replicas: [...p.replicas],
            isr: [...p.isr],
          })),
        },
      ];
    });
  }

  async fetchTopicOffsets(topic: string): Promise<PartitionOffsets[]> {
    const partitions = await this.partitionsOf(topic);
    const [low, high] = await Promise.all([
      this.offsetsAt(topic, partitions, EARLIEST),
      this.offsetsAt(topic, partitions, LATEST),
    ]);
    return partitions.map((partition) => ({
      partition,
      low: String(low.get(partition) ?? 0n),
      high: String(high.get(partition) ?? 0n),
    }));
  }

  /** ListOffsets answers -1 for a partition without a message that recent: its end, as kafkajs says. */
  async fetchTopicOffsetsByTimestamp(topic: string, timestamp: number): Promise<PartitionOffset[]> {
    const partitions = await this.partitionsOf(topic);
    const [at, high] = await Promise.all([
      this.offsetsAt(topic, partitions, BigInt(Math.floor(timestamp))),
      this.offsetsAt(topic, partitions, LATEST),
    ]);
    return partitions.map((partition) => {
      const offset = at.get(partition) ?? -1n;
      return { partition, offset: String(offset >= 0n ? offset : (high.get(partition) ?? 0n)) };
    });
  }

  private async partitionsOf(topic: string): Promise<number[]> {
    const metadata = await translated(() => this.client().metadata({ topics: [topic], forceUpdate: true }));
    const count = metadata.topics.get(topic)?.partitionsCount ?? 0;
    return Array.from({ length: count }, (_, i) => i);
  }

  private async offsetsAt(
    topic: string,
    partitions: number[],
    timestamp: bigint,
  ): Promise<Map<number, bigint>> {
    const listed = await translated(() =>
      this.client().listOffsets({
        topics: [
          { name: topic, partitions: partitions.map((partitionIndex) => ({ partitionIndex, timestamp })) },
        ],
      }),
    );
    return new Map((listed[0]?.partitions ?? []).map((p) => [p.partitionIndex, p.offset]));
  }

  /** The client waits for the broker's answer with its own request timeout. */
  deleteTopics(topics: string[], _timeoutMs?: number): Promise<void> {
    return translated(() => this.client().deleteTopics({ topics }));
  }

  /** One group a request: a refusal is then that group's, whatever the client gathers it in. */
  async deleteGroups(groupIds: string[]): Promise<Map<string, GroupDeletion>> {
    const deletions = new Map<string, GroupDeletion>();
    for (const groupId of groupIds) deletions.set(groupId, await this.deleteGroup(groupId));
    return deletions;
  }

  private async deleteGroup(groupId: string): Promise<GroupDeletion> {
    try {
      await this.client().deleteGroups({ groups: [groupId] });
      return 'deleted';
    } catch (error) {
      const refusal = protocolErrorIds(error).find((id) => id in GROUP_DELETION_REFUSALS);
      if (refusal !== undefined) return GROUP_DELETION_REFUSALS[refusal]!;
      throw toPortError(error);
    }
  }
}

/** The broker's error names (ProtocolError's apiId) in an error of the client, its causes and the errors it gathers. */
function protocolErrorIds(error: unknown, depth = 0): string[] {
  const e = error as { apiId?: unknown; cause?: unknown; errors?: unknown[] } | undefined;
  if (!e || typeof e !== 'object' || depth > 5) return [];
  return [
    ...(typeof e.apiId === 'string' ? [e.apiId] : []),
    ...protocolErrorIds(e.cause, depth + 1),
    ...(Array.isArray(e.errors) ? e.errors.flatMap((c) => protocolErrorIds(c, depth + 1)) : []),
  ];
}
