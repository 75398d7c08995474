"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.apiKeysRevisionKey = apiKeysRevisionKey;
exports.announceApiKeyChange = announceApiKeyChange;
/**
 * A counter in Redis that every change to a key (revocation, scopes, limit) moves on. Replicas of the
 * partner API may keep key lookups in memory only while it stands still; they read it in the same
 * round trip as the rate count, so a revocation is effective at the next request on every replica.
 * `prefix` is PARTNER_REDIS_PREFIX.
 */
function apiKeysRevisionKey(prefix) {
    return `${prefix}api-keys:revision`;
}
async function announceApiKeyChange(redis, prefix) {
    await redis.incr(apiKeysRevisionKey(prefix));
}
//# sourceMappingURL=api-keys-revision.js.map