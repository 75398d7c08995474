/**
 * The Kafka port: what the apps, the CLI, the tests and the benchmarks ask of a Kafka client, in
 * their own words. Two adapters implement it (kafka/kafkajs/, kafka/platformatic/); nothing else speaks
 * to a Kafka client library, and both pass the same contract tests (libs/testing/src/kafka-port-contract.ts).
 * The producer's, the consumer's and the admin's parts are in kafka-producer.port.ts,
 * kafka-consumer.port.ts and kafka-admin.port.ts, re-exported here: importers take the port from this file.
 */

import type { TopicAdmin } from './kafka-admin.port';
import type { ConsumerOptions, EventConsumer } from './kafka-consumer.port';
import type { EventProducer, ProducerOptions } from './kafka-producer.port';

export type { ProducerOptions, OutgoingMessage, SendRecord, EventProducer } from './kafka-producer.port';
export type {
  ConsumerOptions,
  TopicPartitions,
  TopicPartitionOffset,
  ConsumedMessage,
  MessageBatch,
  BatchPayload,
  MessagePayload,
  ConsumerRun,
  ConsumerCrash,
  EventConsumer,
} from './kafka-consumer.port';
export type {
  NewTopic,
  PartitionReplicas,
  TopicReplicas,
  PartitionOffsets,
  PartitionOffset,
  TopicAdmin,
  GroupDeletion,
} from './kafka-admin.port';
export { GROUP_DELETION_REFUSALS } from './kafka-admin.port';

/** Backoff between retries of a failed request or connection. */
export interface KafkaRetry {
  initialRetryTime?: number;
  maxRetryTime?: number;
  /** 0: one try, no retry. */
  retries?: number;
}

/** Timeouts and retries a caller may set otherwise (the command line gives up within seconds). */
export interface KafkaTiming {
  connectionTimeout?: number;
  requestTimeout?: number;
  retry?: KafkaRetry;
}

/** Where the client's own log lines go; levels as Nest's Logger names them. */
export interface KafkaLogger {
  error(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  log(fields: Record<string, unknown>, message: string): void;
  debug(fields: Record<string, unknown>, message: string): void;
}

export interface KafkaClientOptions {
  clientId: string;
  brokers: string[];
  timing?: KafkaTiming;
  /** Without one, the client logs nothing (its failures still reach the caller as errors). */
  logger?: KafkaLogger;
}

/** The adapters, as KAFKA_CLIENT names them: kafkajs 2 (the default) or @platformatic/kafka. */
export const KAFKA_CLIENTS = ['kafkajs', 'platformatic'] as const;
export type KafkaClientName = (typeof KAFKA_CLIENTS)[number];

/** Makes a client; each adapter provides one. */
export type KafkaClientFactory = (options: KafkaClientOptions) => KafkaClient;

export interface KafkaClient {
  producer(options?: ProducerOptions): EventProducer;
  consumer(options: ConsumerOptions): EventConsumer;
  admin(): TopicAdmin;
  /**
   * Reads the given offset ranges of `topic`'s partitions back, without joining a consumer group's
   * partitions or committing offsets; resolves with their messages, by partition in offset order.
   * Rejects when they are not all read within `timeoutMs` (default 30 s).
   */
  readPartitions(
    topic: string,
    ranges: PartitionRange[],
    options?: { timeoutMs?: number },
  ): Promise<StoredMessage[]>;
}

/** Offsets `from` (included) to `to` (excluded, no further than the partition's end) of one partition. */
export interface PartitionRange {
  partition: number;
  from: string;
  to: string;
}

/** A message read back by its offset, with its headers as UTF-8 text. */
export interface StoredMessage {
  partition: number;
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, string>;
}

/**
 * A failure of the Kafka client, as the adapter reports it: `connection` when no broker could be
 * reached (refused, unknown host, timed out), so callers can name the brokers without knowing the
 * client library's errors. The client's own error is the cause.
 */
export class KafkaClientError extends Error {
  override readonly name = 'KafkaClientError';

  constructor(
    message: string,
    readonly connection: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
