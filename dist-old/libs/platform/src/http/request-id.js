"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.nextUlid = exports.REQUEST_ID_HEADER = void 0;
exports.generateRequestId = generateRequestId;
const node_crypto_1 = require("node:crypto");
const ulid_1 = require("ulid");
exports.REQUEST_ID_HEADER = 'X-Request-Id';
/**
 * Monotonic ULIDs: fresh randomness once per millisecond, then an increment. A plain `ulid()` asks
 * the system for randomness for every id and took about 165 µs here, more than a whole request of
 * bare Fastify; ids need to be unique and sortable, not secret.
 */
exports.nextUlid = (0, ulid_1.monotonicFactory)(pooledRandom());
/**
 * Random numbers in [0, 1) from the system's generator, fetched 4 KB at a time: ulid asks for one
 * byte per character, and a call into the system per byte showed in profiles of busy servers.
 */
function pooledRandom() {
    const pool = new Uint8Array(4096);
    let next = pool.length;
    return () => {
        if (next === pool.length) {
            (0, node_crypto_1.getRandomValues)(pool);
            next = 0;
        }
        return pool[next++] / 256;
    };
}
/**
 * `req_` + a ULID, Fastify's `request.id`. Never taken from the caller: ids are ours, so a support
 * trace cannot be forged.
 */
function generateRequestId() {
    return `req_${(0, exports.nextUlid)()}`;
}
//# sourceMappingURL=request-id.js.map