import { type Admin, ConfigResourceTypes, ConfigSource } from 'kafkajs';
import { type NewTopic, type PartitionOffsets, type TopicAdmin, type TopicReplicas } from '../kafka.port';
import { newTopicConfigs } from '../topic-configs';
import { translated } from './kafkajs-errors';

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

  createTopics(topics: NewTopic[]): Promise<boolean> {
    return translated(() =>
      this.admin.createTopics({
        waitForLeaders: true,
        topics: topics.map((t) => ({
          topic: t.topic,
          numPartitions: t.numPartitions,
          replicationFactor: t.replicationFactor,
          configEntries: Object.entries(newTopicConfigs(t)).map(([name, value]) => ({ name, value })),
        })),
      }),
    );
  }

  async topicPartitions(topics: string[]): Promise<{ topic: string; partitions: number }[]> {
    const metadata = await translated(() => this.admin.fetchTopicMetadata({ topics }));
    return metadata.topics.map((t) => ({ topic: t.name, partitions: t.partitions.length }));
  }

  async topicConfig(topic: string, names: string[]): Promise<Record<string, string>> {
    const described = await translated(() =>
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
    const described = await translated(() =>
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
    const metadata = await translated(() => this.admin.fetchTopicMetadata({ topics }));
    return metadata.topics.map((t) => ({
      topic: t.name,
      partitions: t.partitions
        .map((p) => ({ partition: p.partitionId, replicas: p.replicas, isr: p.isr }))
        .sort((a, b) => a.partition - b.partition),
    }));
  }

  async fetchTopicOffsets(topic: string): Promise<PartitionOffsets[]> {
    const offsets = await translated(() => this.admin.fetchTopicOffsets(topic));
    return offsets.map(({ partition, low, high }) => ({ partition, low, high }));
  }

  deleteTopics(topics: string[], timeoutMs = 10000): Promise<void> {
    return translated(() => this.admin.deleteTopics({ topics, timeout: timeoutMs }));
  }
}
