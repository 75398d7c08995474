import { type ClientConfig } from 'pg';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';

export interface RelayLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, stack?: string): void;
}

export interface OutboxRelayOptions {
  databaseUrl: string;
  kafka: KafkaClient;
  topic: string;
  /** Events read from the outbox and published per batch (one Kafka request unless over sendBytes). */
  batchSize?: number;
  /**
   * The bytes of events sent in one request at most (default 768 KiB, under the topic's 1 MB
   * max.message.bytes): a batch over it goes out in several requests, in order (send-parts.ts).
   */
  sendBytes?: number;
  /** How long to sleep without a notification before looking anyway. */
  pollIntervalMs?: number;
  /**
   * How long the relay waits after a sleep before it reads the outbox (default 20 ms; 0: not at all), so
   * that the commits of those milliseconds go out in the same batch: under a steady trickle of writes,
   * each commit would otherwise wake it for a batch of its own, four statements and a Kafka request for
   * a few events.
   */
  lingerMs?: number;
  logger?: RelayLogger;
  /** Called after each published batch: how many, and the commit time of the oldest one. */
  onPublished?: (count: number, oldestOccurredAt: Date) => void;
  /**
   * How long to wait for a database connection and for a statement's answer (0: no limit). Past
   * either, the relay drops its connection and starts again on a new one, instead of waiting on a
   * database that stopped answering.
   */
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  /** How long the lease that makes this relay the active one lasts unless renewed (default 5000 ms). */
  leaseMs?: number;
  /** Called with the number of events in flight found on the topic already, deleted and not sent again. */
  onAlreadyPublished?: (count: number) => void;
  /**
   * Called with the number of events of a batch sent under a lease that moved on before Kafka
   * acknowledged it (relay-batch-publisher.ts, `sentLate`): they may be on the topic twice.
   */
  onSentLate?: (count: number) => void;
  /**
   * How much earlier than the mark of rows in flight the topic is read from when looking for them
   * (default 5 s): their messages are stamped with the mark, unless a relay of an earlier release
   * stamped them with its host's clock, which may be behind the database's. What is published in it
   * is read back when a row in flight is not on the topic.
   */
  reconcileMarginMs?: number;
  /** Rows deleted from the outbox between two vacuums of it by the relay (outbox-vacuum.ts; 0: never). */
  vacuumEveryRows?: number;
}

/**
 * The relay's own connection. Postgres should notice soon when the relay's host is gone without a
 * word: the server probes the connection after 10 s of silence and drops the session after three
 * unanswered probes 5 s apart, instead of after its default of hours. (Leadership does not wait on
 * it: the lease expires on its own.)
 */
export function relayConnectionConfig(
  options: Pick<OutboxRelayOptions, 'databaseUrl' | 'connectTimeoutMs' | 'queryTimeoutMs'>,
): ClientConfig {
  return {
    connectionString: options.databaseUrl,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    query_timeout: options.queryTimeoutMs || undefined,
    keepAlive: true,
    options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
  };
}
