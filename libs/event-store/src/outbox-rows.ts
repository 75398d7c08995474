import { type Client } from 'pg';
import { encodeEventMessageJson, type PilotEventType } from '@pft/contracts';
import { type OutgoingMessage } from '@pft/platform/kafka/kafka.port';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';

/** An outbox row's event; payload and metadata as JSON text, placed in the message as they are. */
export interface OutboxRow {
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
  /** The mark of an earlier send (database time, ms since the epoch), null when never sent. */
  sent_at_ms: number | null;
  /** The fencing token of the relay that marked it. */
  sent_token: string | null;
}

// Named: Postgres plans each of the relay's statements once for its connection, not once per batch.

/**
 * The relay's read: the outbox's oldest `$1` rows, then each one's event by its position. Written so
 * that the events already relayed are never read: joined plainly, Postgres may merge the outbox with
 * the events from the store's first position on (it did, reading 294,000 relayed events to find 500),
 * so each batch would cost more as the store grows. The LIMIT inside the lateral look-up keeps it a
 * look-up per row.
 */
export const OUTBOX_READ = `
  select o.position::text as position, e.event_id::text as event_id, e.stream_id, e.stream_version, e.type,
         e.schema_version, e.payload->>'pilot_account_id' as pilot_account_id,
         e.payload::text as payload_json, e.metadata::text as metadata_json,
         ${isoTimestamp('e.occurred_at')} as occurred_at,
         floor(extract(epoch from o.sent_at) * 1000)::float8 as sent_at_ms, o.sent_token::text as sent_token
    from (select position, sent_token, sent_at from event_outbox order by position limit $1) o
    cross join lateral (select * from events where events.position = o.position limit 1) e
   order by o.position`;

/** The oldest `limit` outbox rows' events, in position order. */
export async function readOutboxRows(client: Client, limit: number): Promise<OutboxRow[]> {
  const { rows } = await client.query<OutboxRow>({
    name: 'pft-relay-outbox-read',
    text: OUTBOX_READ,
    values: [limit],
  });
  return rows;
}

/** The rows at positions $1, while the lease $2 still has the fencing token $3. */
const UNDER_LEASE = `position = any($1::bigint[])
   and exists (select 1 from relay_leases where name = $2 and token = $3::bigint)`;

/** A mark of rows in flight: how many were marked, and the database's time it gave them. */
export interface OutboxMark {
  /** 0: the lease moved on, and nothing may be sent. */
  marked: number;
  /** The mark's time (ms since the epoch, the database's clock), as `sent_at_ms` reads it back. */
  atMs: number;
}

/**
 * Marks rows in flight with the database's time and the fencing token `token`, only while the lease
 * `name` still has it. Committed before the send, the mark tells any later relay that these rows may
 * be on the topic; the messages are stamped with the mark's time, so that the look for them there and
 * their stamps are on one clock.
 */
export async function markOutboxRows(
  client: Client,
  rows: readonly OutboxRow[],
  name: string,
  token: string,
): Promise<OutboxMark> {
  const { rows: answer } = await client.query<{ marked: number; at_ms: number }>({
    name: 'pft-relay-outbox-mark',
    // now() is the statement's one time: the same in sent_at and in the answer.
    text: `with marked as (
             update event_outbox set sent_token = $3::bigint, sent_at = now() where ${UNDER_LEASE} returning 1
           )
           select count(*)::int as marked, floor(extract(epoch from now()) * 1000)::float8 as at_ms from marked`,
    values: [rows.map((r) => r.position), name, token],
  });
  return { marked: answer[0]!.marked, atMs: answer[0]!.at_ms };
}

/**
 * Deletes published rows, only while the lease `name` still has the fencing token `token`; returns
 * how many it deleted (0: the lease moved on, and the rows stay for its holder).
 */
export async function deleteOutboxRows(
  client: Client,
  rows: readonly OutboxRow[],
  name: string,
  token: string,
): Promise<number> {
  const result = await client.query({
    name: 'pft-relay-outbox-delete',
    text: `delete from event_outbox where ${UNDER_LEASE}`,
    values: [rows.map((r) => r.position), name, token],
  });
  return result.rowCount ?? 0;
}

export function toKafkaMessage(row: OutboxRow): OutgoingMessage {
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
