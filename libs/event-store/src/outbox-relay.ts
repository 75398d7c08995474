import { Client, type ClientConfig } from 'pg';
import { encodeEventMessageJson, type PilotEventType } from '@pft/contracts';
import { type EventProducer, type KafkaClient, type OutgoingMessage } from '@pft/platform/kafka/kafka.port';
import { OUTBOX_CHANNEL } from './event-store';

export interface RelayLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, stack?: string): void;
}

export interface OutboxRelayOptions {
  databaseUrl: string;
  kafka: KafkaClient;
  topic: string;
  /** Events published per round trip to Kafka. */
  batchSize?: number;
  /** How long to sleep without a notification before looking anyway. */
  pollIntervalMs?: number;
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
}

/** An outbox row's event; payload and metadata as JSON text, placed in the message as they are. */
interface OutboxRow {
  position: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: PilotEventType;
  schema_version: number;
  pilot_account_id: string;
  payload_json: string;
  metadata_json: string;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it. */
  occurred_at: string;
}

/**
 * The relay's own connection. Its session holds the relay lock, so Postgres must notice soon when
 * the relay's host is gone without a word: the server probes the connection after 10 s of silence
 * and drops the session (and the lock) after three unanswered probes 5 s apart, instead of after its
 * default of hours, so another relay can take over.
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

/** The session advisory lock (two-int form, apart from the per-stream locks) that makes one relay the active one. */
const RELAY_LOCK: [number, number] = [0x70667400, 1];

const silent: RelayLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Publishes committed events to the pilot-events topic, keyed by pilot account, in position order.
 *
 * It reads the outbox (one row per committed, unpublished event) instead of "everything after the last
 * position seen": a transaction that took a smaller position but committed later is still in the outbox,
 * so nothing is skipped. A stream's versions commit in order (appends lock the stream), so each pilot's
 * events reach the topic in order. Rows are deleted only after Kafka acknowledged them: a crash in between
 * publishes them again (at least once; consumers drop repeats by event id).
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly logger: RelayLogger;
  private client?: Client;
  private producer?: EventProducer;
  private leader = false;
  private stopping = false;
  private wakeRequested = false;
  private wakeWaiter?: () => void;
  private loop?: Promise<void>;

  constructor(private readonly options: OutboxRelayOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.logger = options.logger ?? silent;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** Looks at the outbox now: a writer in this process just committed events. */
  wake(): void {
    this.wakeUp();
  }

  start(): void {
    this.stopping = false;
    this.loop ??= this.run().finally(() => (this.loop = undefined));
  }

  /** Finishes the batch in flight (a batch is deleted only once published), then lets go of everything. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeWaiter?.();
    await this.loop;
    await this.resetKafka();
    await this.resetDatabase();
  }

  private async run(): Promise<void> {
    let backoffMs = 100;
    while (!this.stopping) {
      try {
        if (!(await this.ensureLeadership())) {
          await this.sleep(1000);
          continue;
        }
        const published = await this.relayBatch();
        backoffMs = 100;
        if (published < this.batchSize) await this.sleep(this.pollIntervalMs);
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        this.logger.warn(`relay: ${error.message}; retrying in ${backoffMs} ms`);
        await this.resetKafka();
        if (!(await this.databaseAlive())) await this.resetDatabase();
        await this.sleep(backoffMs, true);
        backoffMs = Math.min(backoffMs * 2, 5000);
      }
    }
  }

  private async ensureLeadership(): Promise<boolean> {
    if (!this.client) {
      const client = new Client(relayConnectionConfig(this.options));
      client.on('error', (err) => this.logger.warn(`relay database connection: ${err.message}`));
      client.on('notification', () => this.wakeUp());
      await client.connect();
      this.client = client;
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    }
    if (!this.leader) {
      const result = await this.client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, $2) as locked',
        RELAY_LOCK,
      );
      this.leader = result.rows[0]?.locked ?? false;
      if (this.leader) this.logger.log('relay: active, publishing the outbox');
    }
    return this.leader;
  }

  /** Publishes the oldest outbox rows, then deletes them; returns how many. */
  private async relayBatch(): Promise<number> {
    const client = this.client;
    if (!client) return 0;
    this.wakeRequested = false;
    // Named: Postgres plans each of the two statements once for this connection, not once per batch.
    const { rows } = await client.query<OutboxRow>({
      name: 'pft-relay-outbox-read',
      text: `select e.position::text as position, e.event_id::text as event_id, e.stream_id, e.stream_version, e.type,
              e.schema_version, e.payload->>'pilot_account_id' as pilot_account_id,
              e.payload::text as payload_json, e.metadata::text as metadata_json,
              to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at
         from event_outbox o join events e on e.position = o.position
        order by o.position
        limit $1`,
      values: [this.batchSize],
    });
    if (rows.length === 0) return 0;
    const producer = await this.ensureProducer();
    await producer.send({ topic: this.options.topic, acks: -1, messages: rows.map(toKafkaMessage) });
    await client.query({
      name: 'pft-relay-outbox-delete',
      text: 'delete from event_outbox where position = any($1::bigint[])',
      values: [rows.map((r) => r.position)],
    });
    this.options.onPublished?.(rows.length, new Date(rows[0]!.occurred_at));
    return rows.length;
  }

  private async ensureProducer(): Promise<EventProducer> {
    if (!this.producer) {
      // Idempotent with one request in flight: the broker drops a retried duplicate and never reorders.
      const producer = this.options.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
      });
      await producer.connect();
      this.producer = producer;
    }
    return this.producer;
  }

  private async resetKafka(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.disconnect().catch(() => undefined);
  }

  private async databaseAlive(): Promise<boolean> {
    try {
      await this.client?.query('select 1');
      return this.client !== undefined;
    } catch {
      return false;
    }
  }

  private async resetDatabase(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.leader = false;
    await client?.end().catch(() => undefined);
  }

  private wakeUp(): void {
    this.wakeRequested = true;
    this.wakeWaiter?.();
  }

  /** Sleeps until `ms` pass, a notification arrives (unless `ignoreWake`), or stop() is called. */
  private sleep(ms: number, ignoreWake = false): Promise<void> {
    if (this.stopping || (!ignoreWake && this.wakeRequested)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const wake = (): void => {
        if (!ignoreWake || this.stopping) done();
      };
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeWaiter = wake;
    }).finally(() => (this.wakeWaiter = undefined));
  }
}

function toKafkaMessage(row: OutboxRow): OutgoingMessage {
  return {
    key: row.pilot_account_id,
    value: encodeEventMessageJson(
      {
        event_id: row.event_id,
        type: row.type,
        version: row.schema_version,
        stream_id: row.stream_id,
        stream_version: row.stream_version,
        position: row.position,
        pilot_account_id: row.pilot_account_id,
        occurred_at: row.occurred_at,
      },
      row.payload_json,
      row.metadata_json,
    ),
    headers: { event_id: row.event_id, type: row.type },
  };
}
