"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sealStoredEvents = sealStoredEvents;
exports.shredPlainPayloads = shredPlainPayloads;
const node_crypto_1 = require("node:crypto");
const contracts_1 = require("../../../contracts/src/index.js");
const crypto_1 = require("../../../platform/src/crypto/index.js");
const rows_of_1 = require("../../../platform/src/database/rows-of.js");
const PLAIN_ROWS = `
  select position::text as position, event_id::text as event_id, type, schema_version, payload
    from events
   where type = any($1::text[]) and not (payload ? 'sealed') and position > $2::bigint
     and ($3::uuid is null or stream_id = 'logbook-' || $3::text)
   order by position
   limit $4
   for update`;
async function plainRows(tx, after, pilot, limit) {
    return (0, rows_of_1.rowsOf)(await tx.query(PLAIN_ROWS, [contracts_1.SEALED_EVENT_TYPES, after, pilot, limit]));
}
function sealedPayloadOf(row, key) {
    const { pilot_account_id } = row.payload;
    const aad = (0, contracts_1.sealedPayloadAad)({
        event_id: row.event_id,
        type: row.type,
        version: row.schema_version,
        pilot_account_id,
    });
    return { pilot_account_id, sealed: (0, crypto_1.sealJson)(row.payload, key, aad) };
}
async function rewrite(tx, sealed) {
    if (sealed.length === 0)
        return;
    await tx.query(`update events e set payload = u.payload
       from unnest($1::bigint[], $2::jsonb[]) as u (position, payload)
      where e.position = u.position`, [sealed.map((s) => s.position), sealed.map((s) => JSON.stringify(s.payload))]);
}
/**
 * Seals, in place, the payloads of the pilots' logbook events stored in the clear before sealing
 * existed (SEALED_EVENT_TYPES), each with its pilot's data key, a batch per transaction, oldest first.
 * Events of a pilot whose erasure is under way are left to it (it shreds them). Run again, it finds only
 * what is still plain. The topic keeps its plain copies: republishEvents writes a new one.
 */
async function sealStoredEvents(db, options = {}) {
    const keys = options.keys ?? (0, crypto_1.sharedDataKeys)();
    const batchSize = options.batchSize ?? 500;
    const [count] = (0, rows_of_1.rowsOf)(await db.query(`select count(*)::int as total from events where type = any($1::text[]) and not (payload ? 'sealed')`, [contracts_1.SEALED_EVENT_TYPES]));
    const total = count?.total ?? 0;
    let after = '0';
    let sealed = 0;
    let left = 0;
    options.onProgress?.({ done: 0, total });
    for (;;) {
        const batch = await db.transaction(async (tx) => {
            const rows = await plainRows(tx, after, null, batchSize);
            const out = [];
            const erasing = new Set();
            for (const row of rows) {
                const pilot = row.payload.pilot_account_id;
                if (erasing.has(pilot))
                    continue;
                try {
                    out.push({
                        position: row.position,
                        payload: sealedPayloadOf(row, await keys.keyToSeal(tx, pilot)),
                    });
                }
                catch (err) {
                    if (!(err instanceof crypto_1.SubjectBeingErased))
                        throw err;
                    erasing.add(pilot);
                }
            }
            await rewrite(tx, out);
            return { rows, sealed: out.length };
        });
        if (batch.rows.length === 0)
            return { sealed, leftToErasures: left };
        after = batch.rows[batch.rows.length - 1].position;
        sealed += batch.sealed;
        left += batch.rows.length - batch.sealed;
        options.onProgress?.({ done: sealed + left, total });
    }
}
/**
 * Shreds the pilot's logbook payloads still stored in the clear (from before sealing), in the caller's
 * transaction: each sealed under a key made for the purpose and never kept, so it reads as erased.
 */
async function shredPlainPayloads(tx, pilot) {
    const throwaway = { keyId: (0, node_crypto_1.randomUUID)(), key: (0, node_crypto_1.randomBytes)(32) };
    let shredded = 0;
    for (;;) {
        const rows = await plainRows(tx, '0', pilot, 1000);
        if (rows.length === 0)
            return shredded;
        await rewrite(tx, rows.map((row) => ({ position: row.position, payload: sealedPayloadOf(row, throwaway) })));
        shredded += rows.length;
    }
}
//# sourceMappingURL=seal-stored-events.js.map