import { type Admin, ConfigResourceTypes, ConfigSource } from 'kafkajs';
import {
  GROUP_DELETION_REFUSALS,
  type GroupDeletion,
  type NewTopic,
  type PartitionOffset,
  type PartitionOffsets,
  type TopicAdmin,
  type TopicReplicas,
} from '../kafka.port';
import { newTopicConfigs } from '../topic-configs';
import { toPortError, translated } from './kafkajs-errors';

const LEADER_WAIT_MS = 10_000;

export class KafkajsAdmin implements TopicAdmin {
  constructor(private readonly admin: Admin) {}

  connect(): Promise<void> {
    return translated(() => this.admin.connect());
  }

  disconnect(): Promise<void> {
    return translated(() => this.admin.disconnect());
  }

  async describeCluster(): Promise<{ brokers: number; brokerIds: number[] }> {
    const cluster = await translated(() => this.admin.describeCluster());
    const brokerIds = cluster.brokers.map((b) => b.nodeId).sort((a, b) => a - b);
    return { brokers: brokerIds.length, brokerIds };
  }

  listTopics(): Promise<string[]> {
    return translated(() => this.admin.listTopics());
  }

  async createTopics(topics: NewTopic[]): Promise<boolean> {
    const created = await translated(() =>
      this.admin.createTopics({
        // kafkajs's own wait asks the controller's broker once and gives up when that broker does
        // not know the topic yet, as happens in a cluster: waitForLeaders below asks again.
        waitForLeaders: false,
        topics: topics.map((t) => ({
          topic: t.topic,
          numPartitions: t.numPartitions,
          replicationFactor: t.replicationFactor,
          configEntries: Object.entries(newTopicConfigs(t)).map(([name, value]) => ({ name, value })),
        })),
      }),
    );
    if (created) await this.waitForLeaders(topics.map((t) => t.topic));
    return created;
  }

  /** A topic is usable once every broker asked knows it and each of its partitions has a leader. */
  private async waitForLeaders(topics: string[]): Promise<void> {
    const deadline = Date.now() + LEADER_WAIT_MS;
    for (;;) {
      const metadata = await this.admin.fetchTopicMetadata({ topics }).catch(() => undefined);
      const led =
        metadata !== undefined &&
        topics.every((name) => {
          const topic = metadata.topics.find((t) => t.name === name);
          return topic !== undefined && topic.partitions.every((p) => p.leader >= 0);
        });
      if (led || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The topics' metadata, asked again while a broker does not know a topic yet (whileUnknown). */
  private metadata(topics: string[]): ReturnType<Admin['fetchTopicMetadata']> {
    return whileUnknown(() => this.admin.fetchTopicMetadata({ topics }));
  }

  async topicPartitions(topics: string[]): Promise<{ topic: string; partitions: number }[]> {
    const metadata = await this.metadata(topics);
    return metadata.topics.map((t) => ({ topic: t.name, partitions: t.partitions.length }));
  }

  async topicConfig(topic: string, names: string[]): Promise<Record<string, string>> {
    const described = await whileUnknown(() =>
      this.admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: names }],
      }),
    );
    const entries = described.resources[0]?.configEntries ?? [];
    return Object.fromEntries(entries.map((e) => [e.configName, e.configValue]));
  }

  /**
   * kafkajs has only AlterConfigs, which replaces every value set on the topic: the values the topic
   * has of its own are read first and sent again beside the new ones.
   */
  async alterTopicConfig(topic: string, values: Record<string, string>): Promise<void> {
    const described = await whileUnknown(() =>
      this.admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }],
      }),
    );
    const own = (described.resources[0]?.configEntries ?? []).filter(
      (e) => e.configSource === ConfigSource.TOPIC_CONFIG && !(e.configName in values),
    );
    const configEntries = [
      ...own.map((e) => ({ name: e.configName, value: e.configValue })),
      ...Object.entries(values).map(([name, value]) => ({ name, value })),
    ];
    await translated(() =>
      this.admin.alterConfigs({
        validateOnly: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configEntries }],
      }),
    );
  }

  async topicReplicas(topics: string[]): Promise<TopicReplicas[]> {
    const metadata = await this.metadata(topics);
    // In the order asked, as the broker's answer need not be.
    return topics.flatMap((name) => {
      const t = metadata.topics.find((described) => described.name === name);
      if (!t) return [];
      const partitions = t.partitions
        .map((p) => ({ partition: p.partitionId, replicas: p.replicas, isr: p.isr }))
        .sort((a, b) => a.partition - b.partition);
      return [{ topic: name, partitions }];
    });
  }

  async fetchTopicOffsets(topic: string): Promise<PartitionOffsets[]> {
    const offsets = await translated(() => this.admin.fetchTopicOffsets(topic));
    return offsets.map(({ partition, low, high }) => ({ partition, low, high }));
  }

  async fetchTopicOffsetsByTimestamp(topic: string, timestamp: number): Promise<PartitionOffset[]> {
    const offsets = await translated(() => this.admin.fetchTopicOffsetsByTimestamp(topic, timestamp));
    return offsets.map(({ partition, offset }) => ({ partition, offset }));
  }

  deleteTopics(topics: string[], timeoutMs = 10000): Promise<void> {
    return translated(() => this.admin.deleteTopics({ topics, timeout: timeoutMs }));
  }

  /** One group a request: a refusal is then that group's, whatever kafkajs wraps it in. */
  async deleteGroups(groupIds: string[]): Promise<Map<string, GroupDeletion>> {
    const deletions = new Map<string, GroupDeletion>();
    for (const groupId of groupIds) deletions.set(groupId, await this.deleteGroup(groupId));
    return deletions;
  }

  private async deleteGroup(groupId: string): Promise<GroupDeletion> {
    try {
      await this.admin.deleteGroups([groupId]);
      return 'deleted';
    } catch (error) {
      // KafkaJSDeleteGroupsError: each group's protocol error, by its type.
      const groups = (error as { groups?: { groupId?: string; error?: { type?: string } }[] }).groups;
      const refusal = groups?.find((g) => g.groupId === groupId)?.error?.type;
      const deletion = refusal === undefined ? undefined : GROUP_DELETION_REFUSALS[refusal];
      if (deletion) return deletion;
      throw toPortError(error);
    }
  }
}

/**
 * Runs a call about topics, asked again while it fails with UNKNOWN_TOPIC_OR_PARTITION until
 * LEADER_WAIT_MS has passed: a broker of a cluster may not know for a moment a topic another just
 * made (its metadata, its configuration). Any other failure, or one past that time, is the port's error.
 */
async function whileUnknown<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LEADER_WAIT_MS;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const unknownYet = (error as { type?: string }).type === 'UNKNOWN_TOPIC_OR_PARTITION';
      if (!unknownYet || Date.now() > deadline) throw toPortError(error);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
