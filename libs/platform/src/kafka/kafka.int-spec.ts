import { randomUUID } from 'node:crypto';
import { type KafkaClient } from './kafka.port';
import { createTestTopic, deleteTestTopics, testKafka, waitFor } from '@pft/testing';
import { ensureTopicInBackground } from './ensure-topic';
import { ensureTopics, KafkaTopicsError } from './topics';

describe('Kafka broker (real, KRaft) through the Kafka port', () => {
  let kafka: KafkaClient;
  const topics: string[] = [];

  beforeAll(() => {
    kafka = testKafka('pft-kafka-int');
  });

  afterAll(async () => {
    if (topics.length) await deleteTestTopics(kafka, topics);
  });

  it('consumes back the message it produced', async () => {
    const topic = await createTestTopic(kafka, 'roundtrip', 1);
    topics.push(topic);
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const value = JSON.stringify({ hello: randomUUID() });
    await producer.send({ topic, messages: [{ key: 'pilot-1', value }] });
    await producer.disconnect();

    const consumer = kafka.consumer({ groupId: `roundtrip-${randomUUID()}` });
    await consumer.connect();
    await consumer.subscribe([topic], { fromBeginning: true });
    const received: { key: string; value: string }[] = [];
    await consumer.run({
      eachMessage: async ({ message }) => {
        received.push({ key: message.key?.toString() ?? '', value: message.value?.toString() ?? '' });
        return Promise.resolve();
      },
    });
    await waitFor(() => (received.length > 0 ? true : undefined), 30000, 'the message to come back');
    await consumer.disconnect();
    expect(received).toEqual([{ key: 'pilot-1', value }]);
  });

  it('creates topics with their partition count and unlimited retention, once', async () => {
    const topic = `test-ensure-${randomUUID().slice(0, 8)}`;
    topics.push(topic);
    const spec = [{ topic, numPartitions: 4, retentionMs: -1 }];
    expect(await ensureTopics(kafka, spec)).toMatchObject({ created: [topic], existing: [], mismatches: [] });
    expect(await ensureTopics(kafka, spec)).toMatchObject({ created: [], existing: [topic], mismatches: [] });

    const admin = kafka.admin();
    await admin.connect();
    try {
      expect(await admin.topicPartitions([topic])).toEqual([{ topic, partitions: 4 }]);
      expect(await admin.topicConfig(topic, ['retention.ms'])).toEqual({ 'retention.ms': '-1' });
    } finally {
      await admin.disconnect();
    }
  });

  it('reports an existing topic that keeps its messages 7 days, as one made by hand or auto-created does', async () => {
    const topic = `test-retention-${randomUUID().slice(0, 8)}`;
    topics.push(topic);
    await ensureTopics(kafka, [{ topic, numPartitions: 1, retentionMs: 604_800_000 }]);
    expect(await ensureTopics(kafka, [{ topic, numPartitions: 1, retentionMs: -1 }])).toMatchObject({
      existing: [topic],
      mismatches: [{ topic, setting: 'retention.ms', actual: 604_800_000, wanted: -1 }],
    });
  });

  it('makes a missing topic in the background with its partitions, and a send then reaches it', async () => {
    const topic = `test-missing-${randomUUID().slice(0, 8)}`;
    topics.push(topic);
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    try {
      const admin = kafka.admin();
      await admin.connect();
      try {
        const lines: string[] = [];
        const logger = {
          log: () => undefined,
          warn: (m: string) => lines.push(m),
          error: (m: string) => lines.push(m),
        };
        ensureTopicInBackground(kafka, { topic, numPartitions: 2, retentionMs: -1 }, 'test', logger);
        await waitFor(
          async () => ((await admin.listTopics()).includes(topic) ? true : undefined),
          30000,
          'the topic',
        );
        expect(await admin.topicPartitions([topic])).toEqual([{ topic, partitions: 2 }]);
        expect(lines).toEqual([]);
      } finally {
        await admin.disconnect();
      }
      await producer.send({ topic, messages: [{ key: 'k', value: 'v' }] });
    } finally {
      await producer.disconnect();
    }
  });

  it('refuses to go on when an existing topic has another partition count', async () => {
    const topic = await createTestTopic(kafka, 'mismatch', 2);
    topics.push(topic);
    await expect(ensureTopics(kafka, [{ topic, numPartitions: 3, retentionMs: -1 }])).rejects.toThrow(
      /has 2 partitions, configuration says 3/,
    );
  });

  it('refuses a replication factor above the broker count, naming both, and creates nothing', async () => {
    const topic = `test-too-few-${randomUUID().slice(0, 8)}`;
    const admin = kafka.admin();
    await admin.connect();
    try {
      const { brokers } = await admin.describeCluster();
      const factor = brokers + 1;
      const spec = [{ topic, numPartitions: 1, retentionMs: -1, replication: { factor, minInsync: 1 } }];
      const refusal = ensureTopics(kafka, spec);
      await expect(refusal).rejects.toBeInstanceOf(KafkaTopicsError);
      await expect(refusal).rejects.toThrow(
        `the Kafka cluster has ${brokers} live broker${brokers === 1 ? '' : 's'}, fewer than the ${factor} replicas KAFKA_REPLICATION_FACTOR=${factor} asks for`,
      );
      expect(await admin.listTopics()).not.toContain(topic);
    } finally {
      await admin.disconnect();
    }
  });
});
