"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IDEMPOTENCY_MESSAGES = exports.IDEMPOTENCY_KEY_RETENTION_MS = exports.IDEMPOTENT_REPLAYED_HEADER = exports.IDEMPOTENCY_KEY_HEADER = void 0;
exports.readIdempotencyKey = readIdempotencyKey;
exports.fingerprintOf = fingerprintOf;
exports.sameRequest = sameRequest;
exports.isReplayableStatus = isReplayableStatus;
const node_crypto_1 = require("node:crypto");
exports.IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
exports.IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key's first answer is kept: the contract says at least 24 hours. */
exports.IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** 1 to 255 printable ASCII characters (space to tilde). */
const KEY_FORM = /^[\x20-\x7e]{1,255}$/;
/** The messages of the answers about a key; the OpenAPI examples show the same. */
exports.IDEMPOTENCY_MESSAGES = {
    invalid: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
    repeated: 'Idempotency-Key must be sent once',
    reused: 'This Idempotency-Key was used with another request (method, path or body)',
    inProgress: 'A request with this Idempotency-Key is still being processed; retry shortly',
};
/**
 * The request's `Idempotency-Key` from its raw header list (name, value, name, value, ...), where a
 * repeated header is still two entries: Node joins repeats into one value, which would turn two keys
 * into a third.
 */
function readIdempotencyKey(rawHeaders) {
    const values = [];
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
        if (rawHeaders[i].toLowerCase() === 'idempotency-key')
            values.push(rawHeaders[i + 1]);
    }
    if (values.length === 0)
        return { present: false };
    if (values.length > 1)
        return { present: true, ok: false, issue: 'repeated' };
    const key = values[0];
    return KEY_FORM.test(key)
        ? { present: true, ok: true, key }
        : { present: true, ok: false, issue: 'invalid' };
}
function fingerprintOf(method, path, body) {
    return { method, path, bodySha256: (0, node_crypto_1.createHash)('sha256').update(body).digest() };
}
function sameRequest(a, b) {
    return a.method === b.method && a.path === b.path && a.bodySha256.equals(b.bodySha256);
}
/**
 * Whether an answer of this status is kept for replay. 401 and 429 say nothing about the request
 * itself and 5xx may be over by a retry: the client may send the same key again and be served anew.
 */
function isReplayableStatus(status) {
    return status !== 401 && status !== 429 && status < 500;
}
//# sourceMappingURL=idempotency-key.js.map