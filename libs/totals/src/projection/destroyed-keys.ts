import { decodeEventEnvelope, type EventMessage, isSealedPayload, type LogbookEvent } from '@pft/contracts';
import { type DataKeys } from '@pft/privacy';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import { type Queryable } from '../read/pilot-totals.read-model';
import { type PilotSlice } from './pilot-slices.load';

/**
 * A logbook event of a batch, with the message it came in and the data key its payload was opened with
 * (null: in the clear; absent: not known, read again from the message when it is needed).
 */
export type Logbook = {
  message: ConsumedMessage;
  event: EventMessage<LogbookEvent>;
  sealedWith?: string | null;
};

/** The data key `logbook`'s payload was sealed with; null when it was in the clear. */
function keyIdOf(logbook: Logbook): string | null {
  if (logbook.sealedWith !== undefined) return logbook.sealedWith;
  const envelope = decodeEventEnvelope(logbook.message.value);
  return envelope.ok && isSealedPayload(envelope.message.payload)
    ? envelope.message.payload.sealed.key_id
    : null;
}

/**
 * For each pilot the projection holds nothing of (new, or erased: its rows deleted), reads the keys its
 * sealed events were opened with again, in the batch's transaction, and drops the events whose key is
 * gone, as erased. A replica may still hold a key an erasure destroyed for a few seconds
 * (DATA_KEY_CONFIRM_MS), and a duplicate of an old event read then must not bring the erased pilot's data
 * back after another replica folded AccountErased. A pilot with a row needs no such read: an old event
 * is a repeat of its stream version.
 */
export async function dropEventsOfDestroyedKeys(
  q: Queryable,
  keys: DataKeys,
  byPilot: Map<string, Logbook[]>,
  slices: Map<string, PilotSlice>,
): Promise<void> {
  const keyOf = new Map<Logbook, string>();
  for (const [pilotId, events] of byPilot) {
    if (slices.get(pilotId)!.state.version !== 0) continue;
    for (const logbook of events) {
      const keyId = keyIdOf(logbook);
      if (keyId !== null) keyOf.set(logbook, keyId);
    }
  }
  if (keyOf.size === 0) return;
  const gone = await keys.confirm(q, keyOf.values());
  if (gone.size === 0) return;
  for (const [pilotId, events] of byPilot) {
    const kept = events.filter((logbook) => !gone.has(keyOf.get(logbook) ?? ''));
    if (kept.length > 0) byPilot.set(pilotId, kept);
    else byPilot.delete(pilotId);
  }
}
