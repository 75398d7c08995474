import { randomUUID } from 'node:crypto';
import { type ConsumedMessage, type EventConsumer, type KafkaClient, type KafkaTiming } from '@pft/platform';
import { createTestTopic, deleteTestTopics, TEST_KAFKA_BROKERS } from './test-kafka';
import { waitFor } from './wait-for';

/** Makes a client of the adapter under test for `brokers`. */
export type MakeKafkaClient = (brokers: string, clientId: string, timing?: KafkaTiming) => KafkaClient;

export interface Seen {
  partition: number;
  offset: string;
  key: string;
  value: string;
}

/** What the contract's tests share: the adapter's client, its topics and consumers, and helpers. */
export interface ContractContext {
  readonly adapter: string;
  readonly makeClient: MakeKafkaClient;
  /** The adapter's client of the test broker (made before the tests run). */
  readonly kafka: KafkaClient;
  /** Topics to delete after the tests. */
  readonly topics: string[];
  topic(prefix: string, partitions: number): Promise<string>;
  produce(
    topicName: string,
    messages: { key: string; value: string; timestamp?: number }[],
    chunk?: number,
  ): Promise<void>;
  consumer(client?: KafkaClient): EventConsumer;
  /** Reads `topicName` from the start by messages, until `count` arrived. */
  readMessages(topicName: string, count: number): Promise<Seen[]>;
}

const text = (m: ConsumedMessage): { key: string; value: string } => ({
  key: m.key?.toString('utf8') ?? '',
  value: m.value?.toString('utf8') ?? '',
});

/** The shared part of the contract, its hooks registered in the calling describe block. */
export function contractContext(adapter: string, makeClient: MakeKafkaClient): ContractContext {
  let client: KafkaClient | undefined;
  const topics: string[] = [];
  const consumers: EventConsumer[] = [];

  beforeAll(() => {
    client = makeClient(TEST_KAFKA_BROKERS, `pft-contract-${adapter}`);
  });

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((c) => c.disconnect()));
  });

  afterAll(async () => {
    if (topics.length > 0) await deleteTestTopics(context.kafka, topics);
  });

  const context: ContractContext = {
    adapter,
    makeClient,
    get kafka(): KafkaClient {
      if (!client) throw new Error('the contract client is made in beforeAll');
      return client;
    },
    topics,
    async topic(prefix, partitions) {
      const name = await createTestTopic(context.kafka, `contract-${prefix}`, partitions);
      topics.push(name);
      return name;
    },
    async produce(topicName, messages, chunk = messages.length) {
      const producer = context.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
      });
      await producer.connect();
      try {
        for (let i = 0; i < messages.length; i += chunk) {
          await producer.send({ topic: topicName, acks: -1, messages: messages.slice(i, i + chunk) });
        }
      } finally {
        await producer.disconnect();
      }
    },
    consumer(other) {
      const c = (other ?? context.kafka).consumer({ groupId: `contract-${randomUUID()}`, maxWaitTimeMs: 50 });
      consumers.push(c);
      return c;
    },
    async readMessages(topicName, count) {
      const seen: Seen[] = [];
      const c = context.consumer();
      await c.connect();
      await c.subscribe([topicName], { fromBeginning: true });
      await c.run({
        eachMessage: ({ partition, message }) => {
          seen.push({ partition, offset: message.offset, ...text(message) });
          return Promise.resolve();
        },
      });
      await waitFor(() => (seen.length >= count ? true : undefined), 60_000, `${count} messages`);
      return seen;
    },
  };
  return context;
}
