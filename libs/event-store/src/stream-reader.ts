import { type PilotEvent, type PilotEventType, upcast } from '@pft/contracts';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';

/** An event as the store holds it, its payload lifted to the current version of its type. */
export type StoredEvent = {
  [T in PilotEvent['type']]: {
    event_id: string;
    stream_id: string;
    stream_version: number;
    /** The global position, as text (a bigint). */
    position: string;
    type: T;
    version: number;
    payload: Extract<PilotEvent, { type: T }>['payload'];
    occurred_at: string;
  };
}[PilotEvent['type']];

interface StoredRow {
  event_id: string;
  stream_id: string;
  stream_version: number;
  position: string;
  type: PilotEventType;
  schema_version: number;
  payload: unknown;
  occurred_at: Date;
}

/**
 * A stored row as an event: the one place where what the store holds becomes what readers see. Today
 * that is the upcast to the current version; a payload kept in another form (encrypted per pilot, say)
 * is turned back here, before the upcast, and every reader of streams gets it.
 */
function storedEvent(row: StoredRow): StoredEvent {
  const { version, payload } = upcast(row.type, row.schema_version, row.payload);
  return {
    event_id: row.event_id,
    stream_id: row.stream_id,
    stream_version: row.stream_version,
    position: row.position,
    type: row.type,
    version,
    payload,
    occurred_at: row.occurred_at.toISOString(),
  } as StoredEvent;
}

/** Every event of `streamId`, oldest first (committed ones, as of the caller's snapshot). */
export async function readStream(runner: Queryable, streamId: string): Promise<StoredEvent[]> {
  const rows = rowsOf<StoredRow>(
    await runner.query(
      `select event_id::text as event_id, stream_id, stream_version, position::text as position, type,
              schema_version, payload, occurred_at
         from events where stream_id = $1 order by stream_version`,
      [streamId],
    ),
  );
  return rows.map(storedEvent);
}
