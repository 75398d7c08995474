import { type Admin, ConfigResourceTypes } from 'kafkajs';
import { type NewTopic, type PartitionOffset, type PartitionOffsets, type TopicAdmin } from '../kafka.port';
import { translated } from './kafkajs-errors';

export class KafkajsAdmin implements TopicAdmin {
  constructor(private readonly admin: Admin) {}

  connect(): Promise<void> {
    return translated(() => this.admin.connect());
  }

  disconnect(): Promise<void> {
    return translated(() => this.admin.disconnect());
  }

  async describeCluster(): Promise<{ brokers: number }> {
    const cluster = await translated(() => this.admin.describeCluster());
    return { brokers: cluster.brokers.length };
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
          configEntries: [{ name: 'retention.ms', value: String(t.retentionMs) }],
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
}
