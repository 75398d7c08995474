import { type AccountErased, logbookStreamId } from '@pft/contracts';
import { type DataKeys } from '../crypto/data-keys';
import { sharedDataKeys } from '../crypto/shared-data-keys';
import { type Queryable } from '@pft/platform/database/queryable';
import { appendEvents } from '@pft/event-store/event-store';
import { lockStream } from '@pft/event-store/stream-lock';
import { DataKeySealing } from '../sealing/payload-sealing';
import { shredPlainPayloads } from '../sealing/seal-stored-events';

/**
 * Erases a pilot's logbook, in the caller's transaction: with the logbook stream locked (appends in
 * flight finish first, later ones wait), shreds in the store the payloads stored in the clear before
 * sealing existed (the topic's copies go with its migration), then destroys the pilot's data keys, so
 * every payload sealed with them, in the store and on the topic, can no longer be read; deletes the write-side rows (flights,
 * starting totals, pending imports); and appends AccountErased, from which readers drop what they derived. Run again
 * after a crash it does the same again: no key left, no rows, one more AccountErased.
 */
export async function eraseLogbook(
  tx: Queryable,
  pilot: string,
  requestId: string | undefined,
  keys: DataKeys = sharedDataKeys(),
): Promise<{ destroyedKeys: string[] }> {
  const streamId = logbookStreamId(pilot);
  await lockStream(tx, streamId);
  // Payloads stored before sealing existed are in the clear: shredded here too. Before the keys are
  // destroyed: the sealing of such payloads (sealStoredEvents, which takes no stream lock) makes the
  // pilot's key in the transaction that holds the pilot's plain rows, so this waits for it to commit, and
  // the key it made is among those destroyed next (destroyed first, it was not yet there to be seen).
  await shredPlainPayloads(tx, pilot);
  const destroyedKeys = await keys.destroy(tx, pilot);
  await tx.query('delete from flights where pilot_account_id = $1', [pilot]);
  await tx.query('delete from starting_totals where pilot_account_id = $1', [pilot]);
  // Logbook files uploaded for import and not yet expired hold the pilot's flights too.
  await tx.query('delete from pending_imports where pilot_account_id = $1', [pilot]);
  const erased: Pick<AccountErased, 'type' | 'payload'> = {
    type: 'AccountErased',
    payload: { pilot_account_id: pilot, erased_at: new Date().toISOString() },
  };
  await appendEvents(tx, streamId, 'any', [erased], requestId ? { request_id: requestId } : {}, {
    streamLocked: true,
    sealer: new DataKeySealing(keys),
  });
  return { destroyedKeys };
}
