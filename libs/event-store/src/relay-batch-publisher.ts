import { type Client } from 'pg';
import { type EventProducer } from '@pft/platform/kafka/kafka.port';
import { reconcileInFlight } from './outbox-reconcile';
import { type OutboxRelayOptions } from './outbox-relay.options';
import {
  deleteOutboxRows,
  markOutboxRows,
  readOutboxRows,
  toKafkaMessage,
  type OutboxRow,
} from './outbox-rows';
import { type OutboxVacuum } from './outbox-vacuum';
import { type RelayLeaseKeeper } from './relay-lease-keeper';
import { OUTBOX_RELAY_LEASE } from './relay-lease.statements';
import { type RelayProducer } from './relay-producer';
import { renewingWhile } from './renewing-while';
import { sendParts } from './send-parts';

/** A send Kafka takes this long or longer to acknowledge is logged (reportSlowSend). */
const SLOW_SEND_MS = 1000;

/** A batch as the relay's log lines name it: `N events (outbox positions A to B)`. */
const batchName = (rows: readonly OutboxRow[]): string =>
  `${rows.length} events (outbox positions ${rows[0]!.position} to ${rows[rows.length - 1]!.position})`;

/** What publishing a batch takes of the relay's options, their defaults applied (by OutboxRelay). */
export type RelayBatchSettings = Pick<
  OutboxRelayOptions,
  'kafka' | 'topic' | 'onPublished' | 'onAlreadyPublished' | 'onSentLate'
> &
  Required<Pick<OutboxRelayOptions, 'batchSize' | 'sendBytes' | 'reconcileMarginMs' | 'logger'>>;

/**
 * The active relay's publishing of one batch of the outbox, each event once, every step fenced by the
 * lease's token: the rows found marked in flight are first looked for on the topic (outbox-reconcile.ts),
 * the others are marked, sent and deleted (`send`). What the relay does between batches (the lease, its
 * connection, sleeping and waking, retries) is OutboxRelay's.
 */
export class RelayBatchPublisher {
  constructor(
    private readonly settings: RelayBatchSettings,
    private readonly lease: RelayLeaseKeeper,
    private readonly producer: RelayProducer,
    private readonly vacuum: OutboxVacuum,
  ) {}

  /** Publishes the oldest outbox rows, then deletes them; returns how many it took off the outbox. */
  async publish(client: Client): Promise<number> {
    const rows = await readOutboxRows(client, this.settings.batchSize);
    if (rows.length === 0) return 0;
    const producer = await this.producer.connected();
    if (!(await this.lease.renew(client))) return 0;
    // Sent, if at all, under the lease confirmed now: a lease lost and taken anew meanwhile (another
    // relay may have held it in between) makes the mark find another token and send nothing.
    const token = this.lease.token!;
    let unsent: OutboxRow[] = rows;
    if (rows.some((r) => r.sent_at_ms !== null)) {
      const { kafka, topic, reconcileMarginMs: marginMs } = this.settings;
      const reconciled = await this.renewingWhile(
        client,
        reconcileInFlight(client, kafka, { topic, token, marginMs }, rows),
      );
      if (!reconciled.leaseHeld) {
        this.lease.standDown('moved on before the rows found published were deleted');
        return 0;
      }
      if (reconciled.published > 0) {
        this.settings.logger.log(`relay: ${reconciled.published} events in flight were on the topic already`);
        this.settings.onAlreadyPublished?.(reconciled.published);
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
    this.settings.onPublished?.(rows.length, new Date(rows[0]!.occurred_at));
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
    const parts = sendParts(messages, this.settings.sendBytes);
    for (const [i, messages] of parts.entries()) {
      if (i > 0 && !this.lease.validNow()) return false;
      await producer.send({ topic: this.settings.topic, acks: -1, messages });
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
    this.settings.logger.warn(
      `relay: ${batchName(rows)} sent under lease token ${token} were ${outcome} after it moved on; the next holder may have published them too`,
    );
    this.settings.onSentLate?.(rows.length);
  }

  /**
   * Says when Kafka took a second or more to acknowledge a batch (a partition's leader died and another
   * was elected meanwhile, a broker slow to answer): how long its events waited between the relay and
   * the topic, which the publish delay's histogram shows only in buckets.
   */
  private reportSlowSend(rows: readonly OutboxRow[], ms: number): void {
    if (ms < SLOW_SEND_MS) return;
    this.settings.logger.warn(
      `relay: ${batchName(rows)} waited ${Math.round(ms)} ms for Kafka's acknowledgement`,
    );
  }

  /** Waits for `work`, renewing the lease on time meanwhile (renewing-while.ts). */
  private renewingWhile<T>(client: Client, work: Promise<T>): Promise<T> {
    return renewingWhile(
      work,
      () => this.lease.dueIn(),
      () => this.lease.renew(client),
    );
  }
}
