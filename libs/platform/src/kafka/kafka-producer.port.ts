/**
 * The producer's part of the Kafka port (kafka.port.ts): what a caller sends, and how. Importers take
 * these types from kafka.port.ts, which re-exports them.
 */

export interface ProducerOptions {
  /** The broker drops a retried duplicate (needs maxInFlightRequests 1 to also never reorder). */
  idempotent?: boolean;
  maxInFlightRequests?: number;
  /**
   * true: a send to a missing topic asks the broker to create it with the broker's defaults. Unset or
   * false (in both adapters): it fails; topics are made by the project (ensureTopics).
   */
  allowAutoTopicCreation?: boolean;
}

/**
 * A message to send. Messages with the same key go to the same partition, chosen as the Java client
 * does (murmur2 of the key), so every client of the topic agrees on a pilot's partition.
 */
export interface OutgoingMessage {
  key: string | Buffer | null;
  value: string | Buffer | null;
  headers?: Record<string, string>;
  /**
   * The time the message is stamped with (ms since the epoch), what fetchTopicOffsetsByTimestamp
   * finds it by. Unset: the producer's clock when the send is made, which may differ from the clock of
   * whatever the caller will look the message up from.
   */
  timestamp?: number;
}

export interface SendRecord {
  topic: string;
  messages: OutgoingMessage[];
  /**
   * -1 (also when unset, in both adapters): every in-sync replica, at least the topic's
   * min.insync.replicas, has the messages before the send resolves.
   */
  acks?: -1 | 0 | 1;
}

export interface EventProducer {
  connect(): Promise<void>;
  /** Resolves once the broker acknowledged every message; in order per partition. */
  send(record: SendRecord): Promise<void>;
  disconnect(): Promise<void>;
}
