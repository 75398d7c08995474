import { compatibilityPartitioner, Producer, type BaseOptions } from '@platformatic/kafka';
import {
  type EventProducer,
  type KafkaClient,
  type KafkaClientFactory,
  type KafkaClientOptions,
  type KafkaLogger,
  type ProducerOptions,
  type SendRecord,
} from '../kafka.port';
import { PlatformaticAdmin } from './platformatic-admin';
import { PlatformaticConsumer } from './platformatic-consumer';
import { readPartitionsWithPlatformatic } from './platformatic-range-reader';
import { translated } from './platformatic-errors';
import { logClientEvents } from './platformatic-log';
import { retryDelayDroppingStaleMetadata } from './platformatic-retry-delay';

const buffer = (v: string | Buffer | null): Buffer | undefined =>
  v === null ? undefined : typeof v === 'string' ? Buffer.from(v) : v;

/**
 * The port on @platformatic/kafka 2. The client writes no log of its own: its events (connections
 * refused, requests retried or given up) become the logger's lines (platformatic-log.ts).
 */
export const createPlatformaticClient: KafkaClientFactory = (options: KafkaClientOptions): KafkaClient => {
  const { timing, logger } = options;
  const base: BaseOptions = {
    clientId: options.clientId,
    bootstrapBrokers: options.brokers,
    connectTimeout: timing?.connectionTimeout ?? 3000,
    requestTimeout: timing?.requestTimeout ?? 30000,
    retries: timing?.retry?.retries ?? 8,
    retryDelay: retryDelayDroppingStaleMetadata(timing?.retry?.initialRetryTime ?? 200),
  };
  return {
    producer: (producerOptions) => new PlatformaticProducer(base, producerOptions, logger),
    consumer: (consumerOptions) => new PlatformaticConsumer(base, consumerOptions, timing?.retry, logger),
    admin: () => new PlatformaticAdmin(base, logger),
    readPartitions: (topic, ranges, readOptions) =>
      readPartitionsWithPlatformatic(base, topic, ranges, readOptions?.timeoutMs ?? 30_000),
  };
};

class PlatformaticProducer implements EventProducer {
  private readonly producer: Producer;
  private readonly idempotent: boolean;

  constructor(base: BaseOptions, options: ProducerOptions = {}, logger?: KafkaLogger) {
    this.idempotent = options.idempotent ?? false;
    this.producer = new Producer({
      ...base,
      idempotent: this.idempotent,
      ...(options.maxInFlightRequests === undefined ? {} : { maxInflights: options.maxInFlightRequests }),
      autocreateTopics: options.allowAutoTopicCreation ?? false,
      // Not the client's default partitioner: that one reads murmur2 as unsigned (>>> 0), so a key
      // whose hash is negative lands on another partition than the Java client and kafkajs choose.
      // This one masks the sign bit as they do, so a pilot stays on one partition whichever client sent.
      partitioner: compatibilityPartitioner,
    });
    logClientEvents(this.producer, 'producer', logger);
  }

  /**
   * The client connects on its first request: asking for metadata proves a broker answers. An
   * idempotent producer also takes its producer id now rather than inside its first send, so that a
   * send's request leaves at once.
   */
  async connect(): Promise<void> {
    await translated(() => this.producer.metadata({ topics: [] }));
    if (this.idempotent) await translated(() => this.producer.initIdempotentProducer({}));
  }

  async send(record: SendRecord): Promise<void> {
    await translated(() =>
      this.producer.send({
        acks: record.acks ?? -1,
        messages: record.messages.map((m) => ({
          topic: record.topic,
          key: buffer(m.key),
          value: buffer(m.value),
          headers: new Map(Object.entries(m.headers ?? {}).map(([k, v]) => [Buffer.from(k), Buffer.from(v)])),
          // Unset: the client stamps it with this host's clock.
          ...(m.timestamp === undefined ? {} : { timestamp: BigInt(Math.floor(m.timestamp)) }),
        })),
      }),
    );
  }

  disconnect(): Promise<void> {
    return translated(() => this.producer.close());
  }
}
