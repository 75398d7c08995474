"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.payloadSealingEnabled = payloadSealingEnabled;
exports.masterKeyRingFromEnv = masterKeyRingFromEnv;
exports.sharedDataKeys = sharedDataKeys;
const data_keys_1 = require("./data-keys");
const master_keys_1 = require("./master-keys");
let shared;
let sealing;
/**
 * Whether writers seal the pilots' payloads: always, but for benchmarks that measure what sealing
 * costs (PFT_SEAL_PAYLOADS=false, refused in production by loadConfig).
 */
function payloadSealingEnabled(env = process.env) {
    sealing ??= !['false', '0'].includes((env.PFT_SEAL_PAYLOADS ?? '').trim());
    return sealing;
}
/**
 * The master keys of this process's environment: PFT_MASTER_KEY (the development key when unset
 * outside production; loadConfig refuses it unset in production) and PFT_PREVIOUS_MASTER_KEYS, comma
 * separated, still read during a rotation.
 */
function masterKeyRingFromEnv(env = process.env) {
    const current = env.PFT_MASTER_KEY?.trim();
    if (!current && env.NODE_ENV === 'production')
        throw new Error('PFT_MASTER_KEY is required in production');
    const previous = (env.PFT_PREVIOUS_MASTER_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== '');
    return master_keys_1.MasterKeyRing.fromBase64(current || master_keys_1.DEVELOPMENT_MASTER_KEY, previous);
}
/**
 * The data keys of this process, one cache for every reader and writer in it: the event store's
 * appends, the projector, the webhooks intake, the CLI. Made on first use from the environment.
 */
function sharedDataKeys() {
    shared ??= new data_keys_1.DataKeys(masterKeyRingFromEnv());
    return shared;
}
//# sourceMappingURL=shared-data-keys.js.map