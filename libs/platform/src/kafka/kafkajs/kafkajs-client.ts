import { Kafka, logLevel, type LogEntry, type Message, type Producer } from 'kafkajs';
import {
  type EventProducer,
  type KafkaClient,
  type KafkaClientFactory,
  type KafkaClientOptions,
  type KafkaLogger,
  type OutgoingMessage,
  type ProducerOptions,
  type SendRecord,
} from '../kafka.port';
import { KafkajsAdmin } from './kafkajs-admin';
import { KafkajsConsumer } from './kafkajs-consumer';
import { readPartitionsWithKafkajs } from './kafkajs-range-reader';
import { translated } from './kafkajs-errors';
import { SendGuard } from './kafkajs-send-guard';
import { scheduleCheckOnlyWhenPending } from './kafkajs-pending-check';

scheduleCheckOnlyWhenPending();

const LEVELS: Record<number, keyof KafkaLogger> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs's log entries as the logger's lines: the message, and namespace and the rest as fields. */
function logCreator(logger: KafkaLogger) {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      // The line's own time is the logger's; kafkajs's timestamp would only repeat it.
      const { message, timestamp: _timestamp, ...extra } = log;
      logger[LEVELS[level] ?? 'log']({ namespace, ...extra }, message);
    };
}

const RETRY = { initialRetryTime: 200, maxRetryTime: 1000, retries: 50 };

/** The port on kafkajs 2. */
export const createKafkajsClient: KafkaClientFactory = (options: KafkaClientOptions): KafkaClient => {
  const { logger, timing } = options;
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    connectionTimeout: 3000,
    requestTimeout: 30000,
    // Retries at most a second apart: once a partition's new leader is elected (seconds after a
    // broker died), a send or fetch waiting on it goes on within a second, not after a doubled wait
    // of up to 30 s (kafkajs's default). Fifty of them span about as long as eight doubling ones did
    // (48 s against 51 s) before a send fails or a consumer stops and starts again.
    retry: RETRY,
    ...timing,
    logLevel: logger ? logLevel.WARN : logLevel.NOTHING,
    ...(logger ? { logCreator: logCreator(logger) } : {}),
  });
  return {
    producer: (producerOptions) => new KafkajsProducer(kafka, producerOptions),
    consumer: (consumerOptions) => new KafkajsConsumer(kafka, consumerOptions, timing?.retry ?? RETRY),
    admin: () => new KafkajsAdmin(kafka.admin()),
    readPartitions: (topic, ranges, readOptions) =>
      readPartitionsWithKafkajs(kafka, topic, ranges, readOptions?.timeoutMs ?? 30_000),
  };
};

/** A message as kafkajs takes it: its timestamp as text, else stamped by kafkajs with this host's clock. */
function kafkajsMessage({ timestamp, ...message }: OutgoingMessage): Message {
  return timestamp === undefined ? message : { ...message, timestamp: String(Math.floor(timestamp)) };
}

class KafkajsProducer implements EventProducer {
  private readonly producer: Producer;
  private readonly guard = new SendGuard();

  constructor(kafka: Kafka, options: ProducerOptions = {}) {
    this.producer = kafka.producer({
      ...options,
      // Topics are made by the project, never by a send to a missing one (kafkajs asks for it by default).
      allowAutoTopicCreation: options.allowAutoTopicCreation ?? false,
      // Named, not left to the default: the Java-compatible murmur2 partitioner, which keeps a pilot
      // on the partition any Kafka client would choose (and silences kafkajs's v2 notice); recorded,
      // so that a send resolved without sending part of it fails (kafkajs-send-guard.ts).
      createPartitioner: this.guard.createPartitioner,
    });
  }

  connect(): Promise<void> {
    return translated(() => this.producer.connect());
  }

  async send(record: SendRecord): Promise<void> {
    const messages = record.messages.map(kafkajsMessage);
    const answers = await translated(() => this.producer.send({ ...record, messages }));
    if (record.acks !== 0) this.guard.check(record.topic, messages, answers);
  }

  disconnect(): Promise<void> {
    return translated(() => this.producer.disconnect());
  }
}
