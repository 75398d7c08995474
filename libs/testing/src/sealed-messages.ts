import { randomUUID } from 'node:crypto';
import {
  decodeEventMessages,
  encodeEventMessage,
  type EventMessage,
  logbookStreamId,
  type LogbookEvent,
  type OpenedDecodeResult,
  sealedPayloadAad,
} from '@pft/contracts';
import { boxOpener, type DataKeys, sealJson, sharedDataKeys } from '@pft/privacy';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import { type Queryable } from '@pft/platform/database/queryable';
import { isoTimestamp } from '@pft/platform/database/iso-timestamp';

/**
 * Decodes a message read from the pilot-events topic as the service's readers do: a sealed payload is
 * opened with its pilot's data key, read from `db` (the apps under test use the development master
 * key, as this process does unless PFT_MASTER_KEY says otherwise).
 */
export async function decodeWithDataKeys(
  value: Buffer | string | null,
  db: Queryable,
): Promise<OpenedDecodeResult> {
  const [decoded] = await decodeEventMessages([value], boxOpener(sharedDataKeys(), db));
  return decoded!;
}

/**
 * A stream's stored events with their payloads as readers see them (sealed ones opened with the pilot's
 * data key; null when the key is gone), with each payload as stored beside it.
 */
export async function openedStoredEvents(
  db: Queryable,
  streamId: string,
): Promise<{ type: string; payload: unknown; metadata: unknown; stored: unknown }[]> {
  const result = await db.query(
    `select json_build_object('event_id', event_id, 'type', type, 'version', schema_version, 'stream_id', stream_id,
              'stream_version', stream_version, 'position', position::text,
              'pilot_account_id', payload->>'pilot_account_id',
              'occurred_at', ${isoTimestamp('occurred_at')},
              'payload', payload, 'metadata', metadata)::text as message, type, payload, metadata
       from events where stream_id = $1 order by stream_version`,
    [streamId],
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    message: string;
    type: string;
    payload: unknown;
    metadata: unknown;
  }[];
  const opened = await decodeEventMessages(
    rows.map((r) => r.message),
    boxOpener(sharedDataKeys(), db),
  );
  return rows.map((r, i) => {
    const decoded = opened[i]!;
    return {
      type: r.type,
      payload: decoded.ok ? decoded.message.payload : null,
      metadata: r.metadata,
      stored: r.payload,
    };
  });
}

/**
 * Logbook events of several pilots as the relay publishes them to one partition, each pilot's stream
 * versions counted on from 1.
 */
export class RelayedEvents {
  private readonly versions = new Map<string, number>();

  /**
   * The next event of `pilot`'s stream as the message at `offset` (its position one past it), labelled with
   * the event's own schema version as the relay labels it: its payload sealed with the pilot's key of
   * `sealing.keys` (the writer's data keys) when given, else in the clear.
   */
  async message(
    pilot: string,
    event: LogbookEvent,
    offset: number,
    sealing?: { keys: DataKeys; db: Queryable },
  ): Promise<ConsumedMessage> {
    const version = (this.versions.get(pilot) ?? 0) + 1;
    this.versions.set(pilot, version);
    const head = {
      event_id: randomUUID(),
      type: event.type,
      version: event.version,
      stream_id: logbookStreamId(pilot),
      stream_version: version,
      position: String(offset + 1),
      pilot_account_id: pilot,
      occurred_at: new Date().toISOString(),
      metadata: { command_last_version: version },
    };
    const payload = sealing
      ? {
          pilot_account_id: pilot,
          sealed: sealJson(
            event.payload,
            await sealing.keys.keyToSeal(sealing.db, pilot),
            sealedPayloadAad(head),
          ),
        }
      : event.payload;
    return {
      offset: String(offset),
      key: Buffer.from(pilot),
      value: encodeEventMessage({ ...head, payload } as EventMessage),
    };
  }
}
