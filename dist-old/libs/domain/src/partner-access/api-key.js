"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.API_KEY_PREFIX_SECRET_CHARS = exports.API_KEY_SECRET_LENGTH = exports.SANDBOX_API_KEY_MARKER = exports.API_KEY_MARKER = void 0;
exports.generateApiKey = generateApiKey;
exports.isWellFormedApiKey = isWellFormedApiKey;
exports.isSandboxApiKey = isSandboxApiKey;
exports.apiKeyPrefix = apiKeyPrefix;
exports.bearerApiKey = bearerApiKey;
/**
 * Partner API keys: `pft_live_` (live) or `pft_test_` (sandbox) followed by 32 base62 characters
 * (about 190 random bits).
 * The first characters form a public prefix, stored in clear to find the key and to name it
 * to operators; the whole key is only ever stored as a hash.
 */
exports.API_KEY_MARKER = 'pft_live_';
/** Sandbox keys: they see only sandbox pilots, and live keys never see one. */
exports.SANDBOX_API_KEY_MARKER = 'pft_test_';
exports.API_KEY_SECRET_LENGTH = 32;
/** Marker plus this many secret characters identify a key in listings and lookups. */
exports.API_KEY_PREFIX_SECRET_CHARS = 8;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 248 = 4 * 62: bytes at or above it are dropped so that every character is equally likely. */
const UNBIASED_BYTE_LIMIT = 248;
const API_KEY_PATTERN = new RegExp(`^(${exports.API_KEY_MARKER}|${exports.SANDBOX_API_KEY_MARKER})[0-9A-Za-z]{${exports.API_KEY_SECRET_LENGTH}}$`);
/**
 * A new key from a source of random bytes (crypto.randomBytes in the apps, so this stays pure).
 * Rejection sampling keeps the characters uniform.
 */
function generateApiKey(randomBytes, marker = exports.API_KEY_MARKER) {
    let secret = '';
    while (secret.length < exports.API_KEY_SECRET_LENGTH) {
        for (const byte of randomBytes(exports.API_KEY_SECRET_LENGTH * 2)) {
            if (byte >= UNBIASED_BYTE_LIMIT)
                continue;
            secret += BASE62[byte % 62];
            if (secret.length === exports.API_KEY_SECRET_LENGTH)
                break;
        }
    }
    return marker + secret;
}
function isWellFormedApiKey(candidate) {
    return API_KEY_PATTERN.test(candidate);
}
/** Whether a key (or its public prefix) is a sandbox key. */
function isSandboxApiKey(keyOrPrefix) {
    return keyOrPrefix.startsWith(exports.SANDBOX_API_KEY_MARKER);
}
/** The public part of a well-formed key: what operators see and what the key is looked up by. */
function apiKeyPrefix(key) {
    return key.slice(0, exports.API_KEY_MARKER.length + exports.API_KEY_PREFIX_SECRET_CHARS);
}
/**
 * The key of an `Authorization: Bearer <key>` header, or null when the header is missing,
 * of another scheme, or does not hold a well-formed key. The scheme is matched case-insensitively
 * (RFC 7235); the key itself is case-sensitive.
 */
function bearerApiKey(header) {
    if (header === undefined)
        return null;
    const match = /^Bearer +(\S+) *$/i.exec(header);
    const key = match?.[1];
    return key !== undefined && isWellFormedApiKey(key) ? key : null;
}
//# sourceMappingURL=api-key.js.map