import { decodeEventMessages, isErased, type PilotEvent } from '@pft/contracts';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';
import { type PayloadOpener } from './payload-sealing';

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
  occurred_at: Date;
  /** The event as a message of the topic (decodeEventMessages reads it so). */
  message: string;
}

/**
 * Every event of `streamId`, oldest first (committed ones, as of the caller's snapshot), as readers
 * see it: through the one seam of every reader of events (decodeEventMessages), a sealed payload opened
 * by `opener` with the pilot's data key and each payload upcast to the current version of its type. An event whose
 * key was destroyed (an erased account's) holds nothing for anyone and is left out.
 */
export async function readStream(
  runner: Queryable,
  streamId: string,
  opener: PayloadOpener,
): Promise<StoredEvent[]> {
  const rows = rowsOf<StoredRow>(
    await runner.query(
      `select event_id::text as event_id, stream_id, stream_version, position::text as position, occurred_at,
              json_build_object('event_id', event_id, 'type', type, 'version', schema_version,
                'stream_id', stream_id, 'stream_version', stream_version, 'position', position::text,
                'pilot_account_id', payload->>'pilot_account_id',
                'occurred_at', ${isoTimestamp('occurred_at')},
                'payload', payload, 'metadata', metadata)::text as message
         from events where stream_id = $1 order by stream_version`,
      [streamId],
    ),
  );
  const decoded = await decodeEventMessages(
    rows.map((row) => row.message),
    opener.openerOn(runner),
  );
  return rows.flatMap((row, i): StoredEvent[] => {
    const result = decoded[i]!;
    if (isErased(result)) return [];
    if (!result.ok) throw new Error(`event ${row.event_id} of ${streamId} cannot be read: ${result.reason}`);
    const { type, version, payload } = result.message;
    return [
      {
        event_id: row.event_id,
        stream_id: row.stream_id,
        stream_version: row.stream_version,
        position: row.position,
        type,
        version,
        payload,
        occurred_at: row.occurred_at.toISOString(),
      } as StoredEvent,
    ];
  });
}
