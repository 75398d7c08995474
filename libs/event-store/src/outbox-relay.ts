import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Client } from 'pg';
import { OUTBOX_CHANNEL } from './event-store';
import { RECONCILE_MARGIN_MS } from './outbox-reconcile';
import { relayConnectionConfig, type OutboxRelayOptions, type RelayLogger } from './outbox-relay.options';
import { OutboxVacuum } from './outbox-vacuum';
import { RelayBatchPublisher } from './relay-batch-publisher';
import { RelayProducer } from './relay-producer';
import { RelaySleep } from './relay-sleep';
import { RelayLeaseKeeper } from './relay-lease-keeper';
import { SEND_BYTES } from './send-parts';

/** Rows deleted between two vacuums of the outbox, unless the options say otherwise. */
const VACUUM_EVERY_ROWS = 100_000;

/** How long the relay gathers commits after a sleep, unless the options say otherwise. */
const LINGER_MS = 20;

/** How often a standby relay tries to take the lease. */
const STANDBY_RETRY_MS = 1000;

const silent: RelayLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Publishes committed events to the pilot-events topic, keyed by pilot account, in position order.
 *
 * It reads the outbox (one row per committed, unpublished event) instead of "everything after the last
 * position seen": a transaction that took a smaller position but committed later is still in the outbox,
 * so nothing is skipped. A stream's versions commit in order (appends lock the stream), so each pilot's
 * events reach the topic in order. Each event is published once: before a batch is sent its rows are
 * marked in flight (the sender's fencing token and the database's time, which its messages are
 * stamped with), and they are deleted only after Kafka acknowledged them. Rows found marked (a crash,
 * a stall or a lost lease came between the send and the delete, or a send failed) are first looked for
 * on the topic from their mark (outbox-reconcile.ts): those there are deleted, only the others are sent.
 * Each batch is published by RelayBatchPublisher (relay-batch-publisher.ts).
 *
 * One relay of a database is active: the holder of the lease in `relay_leases`, which it renews every
 * third of the lease length and which expires on its own when the relay dies or freezes; standbys try
 * to take it every second. Each holding has its own fencing token (relay-lease.statements.ts).
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly lingerMs: number;
  private readonly logger: RelayLogger;
  private client?: Client;
  private readonly producer: RelayProducer;
  /** Names this relay in the lease row: host, process and an instance of its own. */
  readonly holder = `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
  private readonly lease: RelayLeaseKeeper;
  private readonly sleeper = new RelaySleep();
  private loop?: Promise<void>;
  private readonly vacuum: OutboxVacuum;
  private readonly batches: RelayBatchPublisher;

  constructor(private readonly options: OutboxRelayOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.lingerMs = options.lingerMs ?? LINGER_MS;
    this.producer = new RelayProducer(options.kafka);
    this.logger = options.logger ?? silent;
    this.lease = new RelayLeaseKeeper(this.holder, options.leaseMs ?? 5000, this.logger);
    this.vacuum = new OutboxVacuum(
      relayConnectionConfig(options),
      options.vacuumEveryRows ?? VACUUM_EVERY_ROWS,
      this.logger,
    );
    this.batches = new RelayBatchPublisher(
      {
        kafka: options.kafka,
        topic: options.topic,
        batchSize: this.batchSize,
        sendBytes: options.sendBytes ?? SEND_BYTES,
        reconcileMarginMs: options.reconcileMarginMs ?? RECONCILE_MARGIN_MS,
        logger: this.logger,
        onPublished: options.onPublished,
        onAlreadyPublished: options.onAlreadyPublished,
        onSentLate: options.onSentLate,
      },
      this.lease,
      this.producer,
      this.vacuum,
    );
  }

  get isLeader(): boolean {
    return this.lease.token !== undefined;
  }

  /** Looks at the outbox now: a writer in this process just committed events. */
  wake(): void {
    this.sleeper.wake();
  }

  start(): void {
    this.sleeper.resume();
    this.vacuum.resume();
    this.loop ??= this.run().finally(() => (this.loop = undefined));
  }

  /** Finishes the batch in flight (a batch is deleted only once published), then lets go of everything. */
  async stop(): Promise<void> {
    this.sleeper.stop();
    await this.loop;
    await this.vacuum.stop();
    await this.producer.reset();
    await this.lease.release(this.client);
    await this.resetDatabase();
  }

  private async run(): Promise<void> {
    let backoffMs = 100;
    while (!this.sleeper.stopping) {
      try {
        if (!(await this.ensureLeadership())) {
          // Notifications do not shorten a standby's wait: they are for the active relay.
          await this.sleeper.sleep(STANDBY_RETRY_MS, true);
          continue;
        }
        const published = await this.relayBatch();
        backoffMs = 100;
        const dueIn = this.lease.dueIn();
        if (published < this.batchSize && dueIn !== undefined) {
          await this.sleeper.sleep(Math.min(this.pollIntervalMs, dueIn));
          // The commits of the next few milliseconds join the batch; the lease is still renewed on time.
          const lingerMs = Math.min(this.lingerMs, this.lease.dueIn() ?? 0);
          if (lingerMs > 0) await this.sleeper.sleep(lingerMs, true);
        }
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        this.logger.warn(`relay: ${error.message}; retrying in ${backoffMs} ms`);
        await this.producer.reset();
        if (!(await this.databaseAlive())) await this.resetDatabase();
        // A lease held (the database answers, Kafka may not) is renewed on time through the retries.
        await this.sleeper.sleep(Math.min(backoffMs, this.lease.dueIn() ?? backoffMs), true);
        backoffMs = Math.min(backoffMs * 2, 5000);
      }
    }
  }

  private async ensureLeadership(): Promise<boolean> {
    if (!this.client) {
      const client = new Client(relayConnectionConfig(this.options));
      client.on('error', (err) => this.logger.warn(`relay database connection: ${err.message}`));
      client.on('notification', () => this.sleeper.wake());
      await client.connect();
      this.client = client;
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    }
    if ((this.lease.dueIn() ?? 0) > 0) return true;
    return this.lease.renew(this.client);
  }

  /** Publishes the oldest outbox rows, then deletes them; returns how many it took off the outbox. */
  private async relayBatch(): Promise<number> {
    const client = this.client;
    if (!client) return 0;
    this.sleeper.taken();
    return this.batches.publish(client);
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
    // Without its connection the relay cannot confirm the lease: it stands down, and takes the lease
    // anew (a new token) once connected again, unless another relay took it meanwhile.
    this.lease.standDown('left with its database connection');
    await client?.end().catch(() => undefined);
  }
}
