"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.hashApiKey = hashApiKey;
exports.apiKeyMatches = apiKeyMatches;
exports.sameApiKey = sameApiKey;
const node_crypto_1 = require("node:crypto");
/**
 * How an API key is kept at rest. Keys carry about 190 random bits, so a plain SHA-256 cannot be
 * reversed by guessing, and it is cheap enough to check on every request: one-shot `crypto.hash`
 * (Node 20.12), a third of the time of a Hash object made, fed and digested per key.
 */
function hashApiKey(key) {
    return (0, node_crypto_1.hash)('sha256', key, 'buffer');
}
/** Compares in constant time, so the time taken says nothing about how much of a guess was right. */
function apiKeyMatches(key, storedHash) {
    const hash = hashApiKey(key);
    return hash.length === storedHash.length && (0, node_crypto_1.timingSafeEqual)(hash, storedHash);
}
/**
 * Whether two keys are the same string, in time that depends on their length only (every character
 * compared, no early return): for a key already checked against its hash, held in memory, so the hash
 * need not be made again for each request that presents it.
 */
function sameApiKey(key, known) {
    if (key.length !== known.length)
        return false;
    let difference = 0;
    for (let i = 0; i < key.length; i++)
        difference |= key.charCodeAt(i) ^ known.charCodeAt(i);
    return difference === 0;
}
//# sourceMappingURL=api-key-hash.js.map