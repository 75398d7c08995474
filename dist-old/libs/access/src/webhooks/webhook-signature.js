"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newWebhookSecret = newWebhookSecret;
exports.newEndpointId = newEndpointId;
exports.newWebhookEventId = newWebhookEventId;
exports.signWebhook = signWebhook;
const node_crypto_1 = require("node:crypto");
const ulid_1 = require("ulid");
const SECRET_PREFIX = 'whsec_';
/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes (partner platform 4.1). */
function newWebhookSecret() {
    return SECRET_PREFIX + (0, node_crypto_1.randomBytes)(32).toString('base64');
}
/** A new endpoint id, `we_<ULID>`. */
function newEndpointId() {
    return `we_${(0, ulid_1.ulid)()}`;
}
/** A new event id, `evt_<ULID>`: the `webhook-id` of every attempt of that event. */
function newWebhookEventId() {
    return `evt_${(0, ulid_1.ulid)()}`;
}
/** The HMAC key of a secret: the base64-decoded part after `whsec_`. */
function keyOf(secret) {
    if (!secret.startsWith(SECRET_PREFIX))
        throw new Error('not a webhook secret');
    return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}
/**
 * The `webhook-signature` header of Standard Webhooks 1.0: `v1,<base64 HMAC-SHA256(key,
 * "<id>.<timestamp>.<body>")>` for each secret still valid, separated by a space (two during the day
 * after a rotation, the newest first).
 */
function signWebhook(message, secrets) {
    const content = `${message.id}.${message.timestampSeconds}.${message.body}`;
    return secrets
        .map((secret) => `v1,${(0, node_crypto_1.createHmac)('sha256', keyOf(secret)).update(content, 'utf8').digest('base64')}`)
        .join(' ');
}
//# sourceMappingURL=webhook-signature.js.map