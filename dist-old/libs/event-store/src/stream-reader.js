"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.readStream = readStream;
const contracts_1 = require("../../contracts/src/index.js");
const crypto_1 = require("../../platform/src/crypto/index.js");
const rows_of_1 = require("../../platform/src/database/rows-of.js");
/**
 * Every event of `streamId`, oldest first (committed ones, as of the caller's snapshot), as readers
 * see it: through the one seam of every reader of events (decodeEventMessages), a sealed payload opened
 * with the pilot's data key and each payload upcast to the current version of its type. An event whose
 * key was destroyed (an erased account's) holds nothing for anyone and is left out.
 */
async function readStream(runner, streamId) {
    const rows = (0, rows_of_1.rowsOf)(await runner.query(`select event_id::text as event_id, stream_id, stream_version, position::text as position, occurred_at,
              json_build_object('event_id', event_id, 'type', type, 'version', schema_version,
                'stream_id', stream_id, 'stream_version', stream_version, 'position', position::text,
                'pilot_account_id', payload->>'pilot_account_id',
                'occurred_at', to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'payload', payload, 'metadata', metadata)::text as message
         from events where stream_id = $1 order by stream_version`, [streamId]));
    const decoded = await (0, contracts_1.decodeEventMessages)(rows.map((row) => row.message), (0, crypto_1.boxOpener)((0, crypto_1.sharedDataKeys)(), runner));
    return rows.flatMap((row, i) => {
        const result = decoded[i];
        if ((0, contracts_1.isErased)(result))
            return [];
        if (!result.ok)
            throw new Error(`event ${row.event_id} of ${streamId} cannot be read: ${result.reason}`);
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
            },
        ];
    });
}
//# sourceMappingURL=stream-reader.js.map