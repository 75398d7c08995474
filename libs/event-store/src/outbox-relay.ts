import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Client } from 'pg';
import { type EventProducer } from '@pft/platform/kafka/kafka.port';
import { OUTBOX_CHANNEL } from './event-store';
import { reconcileInFlight, RECONCILE_MARGIN_MS } from './outbox-reconcile';
import { relayConnectionConfig, type OutboxRelayOptions, type RelayLogger } from './outbox-relay.options';
import {
  deleteOutboxRows,
  markOutboxRows,
  readOutboxRows,
  toKafkaMessage,
  type OutboxRow,
} from './outbox-rows';
import { OutboxVacuum } from './outbox-vacuum';
import { RelayProducer } from './relay-producer';
import { SEND_BYTES, sendParts } from './send-parts';
import { RelaySleep } from './relay-sleep';
import { RelayLeaseKeeper } from './relay-lease-keeper';
import { OUTBOX_RELAY_LEASE } from './relay-lease.statements';
import { renewingWhile } from './renewing-while';

/** Rows deleted between two vacuums of the outbox, unless the options say otherwise. */
const VACUUM_EVERY_ROWS = 100_000;

/** How long the relay gathers commits after a sleep, unless the options say otherwise. */
const LINGER_MS = 20;

/** A send Kafka takes this long or longer to acknowledge is logged (reportSlowSend). */
const SLOW_SEND_MS = 1000;

/** How often a standby relay tries to take the lease. */
const STANDBY_RETRY_MS = 1000;

/** A batch as the relay's log lines name it: `N events (outbox positions A to B)`. */
const batchName = (rows: readonly OutboxRow[]): string =>
  `${rows.length} events (outbox positions ${rows[0]!.position} to ${rows[rows.length - 1]!.position})`;

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
    const rows = await readOutboxRows(client, this.batchSize);
    if (rows.length === 0) return 0;
    const producer = await this.producer.connected();
    if (!(await this.lease.renew(client))) return 0;
    // Sent, if at all, under the lease confirmed now: a lease lost and taken anew meanwhile (another
    // relay may have held it in between) makes the mark find another token and send nothing.
    const token = this.lease.token!;
    let unsent: OutboxRow[] = rows;
    if (rows.some((r) => r.sent_at_ms !== null)) {
      const marginMs = this.options.reconcileMarginMs ?? RECONCILE_MARGIN_MS;
      const reconciled = await this.renewingWhile(
        client,
        reconcileInFlight(client, this.options.kafka, { topic: this.options.topic, token, marginMs }, rows),
      );
      if (!reconciled.leaseHeld) {
        this.lease.standDown('moved on before the rows found published were deleted');
        return 0;
      }
      if (reconciled.published > 0) {
        this.logger.log(`relay: ${reconciled.published} events in flight were on the topic already`);
        this.options.onAlreadyPublished?.(reconciled.published);
      }
      unsent = reconciled.unsent;
      // Reading the topic took a while: the lease is confirmed again right before the send.
      if (unsent.length === 0 || !(await this.lease.renew(client))) return rows.length - unsent.length;
    }
    return (await this.send(client, producer, unsent, token)) + rows.length - unsent.length;
  }

  /**
   * Marks the rows in flight, sends them and deletes them. Fencing: the lease was confirmed with its
   * token right before, the mark carries the token, and the lease must still be within its length on
   * this process's own clock, or this relay, which may have been frozen or slow while another took
   * over, sends nothing; while the send waits on Kafka the lease is renewed, so a live relay keeps it.
   * What remains is a freeze between this check and the request reaching the broker: it can deliver
   * the batch after the lease passed on and after the next relay looked for these rows on the topic,
   * which then publishes them again. Kafka fences such a sender only inside transactions, whose commit
   * markers would take offsets every reader of the topic counts; instead the late batch is found
   * (its delete finds the lease moved on), logged and counted (`sentLate`), and consumers drop the
   * repeats: the projector skips a pilot's event at or below the stream version it has applied.
   */
  private async send(
    client: Client,
    producer: EventProducer,
    rows: OutboxRow[],
    token: string,
  ): Promise<number> {
    const mark = await markOutboxRows(client, rows, OUTBOX_RELAY_LEASE, token);
    if (mark.marked < rows.length) {
      this.lease.standDown('moved on before the batch was marked in flight');
      return 0;
    }
    if (!this.lease.validNow()) {
      this.lease.standDown("ran out on this process's clock before the send");
      return 0;
    }
    // A send waiting on Kafka (a partition's leader being elected after a broker died) keeps the lease
    // renewed: a live relay is not replaced while its batch may still land, which the next holder's
    // look at the topic could miss. A frozen process renews nothing, so it is still replaced in time.
    const sendStart = performance.now();
    try {
      if (!(await this.renewingWhile(client, this.sendParts(producer, rows, mark.atMs)))) {
        this.lease.standDown("ran out on this process's clock between two parts of the batch");
        return 0;
      }
      this.reportSlowSend(rows, performance.now() - sendStart);
    } catch (err) {
      if (!this.lease.validNow()) this.sentLate(rows, token, 'failed');
      throw err;
    }
    // The delete carries the token too: a relay whose lease moved on changes nothing, and the rows
    // stay, marked, for the current holder to find on the topic.
    const deleted = await deleteOutboxRows(client, rows, OUTBOX_RELAY_LEASE, token);
    if (deleted === 0) {
      this.sentLate(rows, token, 'acknowledged');
      this.lease.standDown('moved on before its published rows were deleted');
    }
    this.vacuum.deleted(deleted);
    this.options.onPublished?.(rows.length, new Date(rows[0]!.occurred_at));
    return rows.length;
  }

  /**
   * Sends the batch in requests of at most SEND_BYTES (send-parts.ts), one after the other, in order;
   * false when the lease ran out on this process's clock before a part after the first (the rows stay
   * marked, and the next holder looks for the parts sent on the topic). Each message is stamped with
   * the time of the batch's mark, `markedAtMs` (the database's clock), not the time of this host: the
   * topic is looked for rows in flight from their mark, which a host whose clock is behind the
   * database's would otherwise have stamped them before, and they would be published again.
   */
  private async sendParts(
    producer: EventProducer,
    rows: readonly OutboxRow[],
    markedAtMs: number,
  ): Promise<boolean> {
    const messages = rows.map((r) => ({ ...toKafkaMessage(r), timestamp: markedAtMs }));
    const parts = sendParts(messages, this.options.sendBytes ?? SEND_BYTES);
    for (const [i, messages] of parts.entries()) {
      if (i > 0 && !this.lease.validNow()) return false;
      await producer.send({ topic: this.options.topic, acks: -1, messages });
    }
    return true;
  }

  /**
   * Reports a batch whose send ended after its lease moved on (the process was frozen or starved
   * while it was in flight). Mostly the request had reached the broker before and the next holder
   * found the batch on the topic; when the freeze fell between the last check and the request, the
   * next holder published the same events, which consumers then drop as repeats. The one way an
   * event reaches the topic twice.
   */
  private sentLate(rows: readonly OutboxRow[], token: string, outcome: 'acknowledged' | 'failed'): void {
    this.logger.warn(
      `relay: ${batchName(rows)} sent under lease token ${token} were ${outcome} after it moved on; the next holder may have published them too`,
    );
    this.options.onSentLate?.(rows.length);
  }

  /**
   * Says when Kafka took a second or more to acknowledge a batch (a partition's leader died and another
   * was elected meanwhile, a broker slow to answer): how long its events waited between the relay and
   * the topic, which the publish delay's histogram shows only in buckets.
   */
  private reportSlowSend(rows: readonly OutboxRow[], ms: number): void {
    if (ms < SLOW_SEND_MS) return;
    this.logger.warn(`relay: ${batchName(rows)} waited ${Math.round(ms)} ms for Kafka's acknowledgement`);
  }

  /** Waits for `work`, renewing the lease on time meanwhile (renewing-while.ts). */
  private renewingWhile<T>(client: Client, work: Promise<T>): Promise<T> {
    return renewingWhile(
      work,
      () => this.lease.dueIn(),
      () => this.lease.renew(client),
    );
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
