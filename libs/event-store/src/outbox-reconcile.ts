import { type Client } from 'pg';
import { decodeEventEnvelope } from '@pft/contracts';
import { type KafkaClient, type PartitionRange, type StoredMessage } from '@pft/platform/kafka/kafka.port';
import { deleteOutboxRows, type OutboxRow } from './outbox-rows';
import { OUTBOX_RELAY_LEASE } from './relay-lease.statements';

/**
 * How much earlier than a row's mark the topic is read from. The relay stamps its messages with their
 * mark (the database's clock), so they need none; a message stamped by its producer's clock instead
 * (a relay of an earlier release) is found if that clock was at most this much behind the database's.
 * Everything published in that span is read back when a row in flight is not on the topic (a failed
 * send): at 30,000 events/s, 150,000 messages for 5 s where a minute was 1.8 million.
 */
export const RECONCILE_MARGIN_MS = 5_000;

/** The most messages one read of the topic back returns (the relay's memory of it at once). */
export const RECONCILE_READ_MESSAGES = 10_000;

/** How long reading the topic back may take before the relay gives up and tries again. */
const READ_TIMEOUT_MS = 30_000;

/** Rows marked in flight: an earlier send (this relay's or another's) may have put them on the topic. */
export function inFlight(rows: readonly OutboxRow[]): OutboxRow[] {
  return rows.filter((r) => r.sent_at_ms !== null);
}

/** Where on the topic to look for rows in flight: from the earliest mark, less the margin. */
export function readTopicFrom(rows: readonly OutboxRow[], marginMs: number): number | undefined {
  const marks = inFlight(rows).map((r) => r.sent_at_ms!);
  return marks.length === 0 ? undefined : Math.min(...marks) - marginMs;
}

/** The event a message carries: its `event_id` header, else its decoded value's. */
export function eventIdOf(message: Pick<StoredMessage, 'headers' | 'value'>): string | undefined {
  const header = message.headers.event_id;
  if (header) return header;
  // The envelope is enough (and a sealed payload is not opened here).
  const decoded = decodeEventEnvelope(message.value);
  return decoded.ok ? decoded.message.event_id : undefined;
}

/**
 * Splits a batch by what the topic holds: rows in flight whose event is there were published, the
 * rest (never marked, or marked and not there) are still to send, in the batch's order.
 */
export function splitByTopic(
  rows: readonly OutboxRow[],
  onTopic: ReadonlySet<string>,
): { published: OutboxRow[]; unsent: OutboxRow[] } {
  const published: OutboxRow[] = [];
  const unsent: OutboxRow[] = [];
  for (const row of rows)
    (row.sent_at_ms !== null && onTopic.has(row.event_id) ? published : unsent).push(row);
  return { published, unsent };
}

/**
 * `ranges` cut into reads of at most `limit` offsets in all, from the partitions' ends backward: the
 * events looked for are mostly the last ones sent, and reading stops once they are all found.
 */
export function readSlices(ranges: readonly PartitionRange[], limit: number): PartitionRange[][] {
  let open = ranges
    .map((r) => ({ partition: r.partition, from: BigInt(r.from), to: BigInt(r.to) }))
    .filter((r) => r.from < r.to);
  const slices: PartitionRange[][] = [];
  while (open.length > 0) {
    const each = BigInt(Math.max(1, Math.floor(limit / open.length)));
    slices.push(
      open.map((r) => {
        const from = r.to - each > r.from ? r.to - each : r.from;
        const slice = { partition: r.partition, from: String(from), to: String(r.to) };
        r.to = from;
        return slice;
      }),
    );
    open = open.filter((r) => r.from < r.to);
  }
  return slices;
}

/**
 * The events among `wanted` that `topic` holds from `since` (ms since the epoch) to its end. Under
 * load that span holds every event of the margin before the mark and after it: it is read a slice of
 * RECONCILE_READ_MESSAGES at a time, each within its own timeout, keeping only the events wanted.
 */
export async function findOnTopic(
  kafka: KafkaClient,
  topic: string,
  wanted: ReadonlySet<string>,
  since: number,
): Promise<Set<string>> {
  const admin = kafka.admin();
  await admin.connect();
  let ranges: PartitionRange[];
  try {
    const starts = await admin.fetchTopicOffsetsByTimestamp(topic, since);
    const ends = await admin.fetchTopicOffsets(topic);
    ranges = starts.map((s) => ({
      partition: s.partition,
      from: s.offset,
      to: ends.find((e) => e.partition === s.partition)?.high ?? s.offset,
    }));
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
  const found = new Set<string>();
  for (const slice of readSlices(ranges, RECONCILE_READ_MESSAGES)) {
    for (const m of await kafka.readPartitions(topic, slice, { timeoutMs: READ_TIMEOUT_MS })) {
      const id = eventIdOf(m);
      if (id !== undefined && wanted.has(id)) found.add(id);
    }
    if (found.size === wanted.size) break;
  }
  return found;
}

export interface Reconciled {
  /** Rows found on the topic and deleted. */
  published: number;
  /** Rows to send now, in position order. */
  unsent: OutboxRow[];
  /** False when the lease moved on before the published rows were deleted: nothing may be sent. */
  leaseHeld: boolean;
}

/**
 * The step before a batch with rows in flight is sent: finds which of them are on the topic, and
 * deletes those with the fencing token (the caller holds the lease), so that only the others go out.
 * The topic is read after the mark's sender can no longer deliver: this relay's earlier producer was
 * closed after its failed send, and another relay's lease, which fenced its sends, has passed.
 */
export async function reconcileInFlight(
  client: Client,
  kafka: KafkaClient,
  options: { topic: string; token: string; marginMs: number },
  rows: readonly OutboxRow[],
): Promise<Reconciled> {
  const since = readTopicFrom(rows, options.marginMs);
  if (since === undefined) return { published: 0, unsent: [...rows], leaseHeld: true };
  const wanted = new Set(inFlight(rows).map((r) => r.event_id));
  const onTopic = await findOnTopic(kafka, options.topic, wanted, since);
  const { published, unsent } = splitByTopic(rows, onTopic);
  if (published.length === 0) return { published: 0, unsent, leaseHeld: true };
  const deleted = await deleteOutboxRows(client, published, OUTBOX_RELAY_LEASE, options.token);
  return { published: deleted, unsent, leaseHeld: deleted > 0 };
}
