"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.eraseLogbook = eraseLogbook;
const contracts_1 = require("../../../contracts/src/index.js");
const crypto_1 = require("../../../platform/src/crypto/index.js");
const event_store_1 = require("../event-store");
const stream_lock_1 = require("../stream-lock");
const seal_stored_events_1 = require("../sealing/seal-stored-events");
/**
 * Erases a pilot's logbook, in the caller's transaction: with the logbook stream locked (appends in
 * flight finish first, later ones wait), destroys the pilot's data keys, so every payload sealed with
 * them, in the store and on the topic, can no longer be read (payloads stored in the clear before
 * sealing existed are shredded in the store: the topic's copies go with its migration); deletes the write-side rows (flights,
 * starting totals); and appends AccountErased, from which readers drop what they derived. Run again
 * after a crash it does the same again: no key left, no rows, one more AccountErased.
 */
async function eraseLogbook(tx, pilot, requestId, keys = (0, crypto_1.sharedDataKeys)()) {
    const streamId = (0, contracts_1.logbookStreamId)(pilot);
    await (0, stream_lock_1.lockStream)(tx, streamId);
    const destroyedKeys = await keys.destroy(tx, pilot);
    // Payloads stored before sealing existed are in the clear: shredded here too.
    await (0, seal_stored_events_1.shredPlainPayloads)(tx, pilot);
    await tx.query('delete from flights where pilot_account_id = $1', [pilot]);
    await tx.query('delete from starting_totals where pilot_account_id = $1', [pilot]);
    const erased = {
        type: 'AccountErased',
        payload: { pilot_account_id: pilot, erased_at: new Date().toISOString() },
    };
    await (0, event_store_1.appendEvents)(tx, streamId, 'any', [erased], requestId ? { request_id: requestId } : {}, {
        streamLocked: true,
        keys,
    });
    return { destroyedKeys };
}
//# sourceMappingURL=erase-logbook.js.map