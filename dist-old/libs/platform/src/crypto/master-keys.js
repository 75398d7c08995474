"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MasterKeyRing = exports.DEVELOPMENT_MASTER_KEY = void 0;
exports.masterKeyProblem = masterKeyProblem;
exports.masterKeyOf = masterKeyOf;
const node_crypto_1 = require("node:crypto");
const aes_gcm_1 = require("./aes-gcm");
/**
 * The master key of a development machine: public, so production refuses it (production-rules.ts).
 * 32 bytes, base64.
 */
exports.DEVELOPMENT_MASTER_KEY = 'cGZ0LWRldmVsb3BtZW50LW1hc3Rlci1rZXktMzJieXQ=';
/** Why a base64 master key is refused, or null when it is 32 bytes of base64. */
function masterKeyProblem(value) {
    const trimmed = value.trim();
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed))
        return 'must be base64';
    if (Buffer.from(trimmed, 'base64').length !== aes_gcm_1.KEY_BYTES)
        return `must be ${aes_gcm_1.KEY_BYTES} bytes (base64)`;
    return null;
}
function masterKeyOf(base64) {
    const problem = masterKeyProblem(base64);
    if (problem)
        throw new Error(`master key ${problem}`);
    const key = Buffer.from(base64.trim(), 'base64');
    return { id: (0, node_crypto_1.createHash)('sha256').update('pft-master-key').update(key).digest('hex').slice(0, 16), key };
}
/**
 * The master key data keys are wrapped with, and the earlier ones still accepted for unwrapping while a
 * rotation rewraps (PFT_PREVIOUS_MASTER_KEYS).
 */
class MasterKeyRing {
    current;
    byId;
    constructor(current, previous = []) {
        this.current = current;
        this.byId = new Map([...previous, current].map((k) => [k.id, k]));
    }
    static fromBase64(current, previous = []) {
        return new MasterKeyRing(masterKeyOf(current), previous.map(masterKeyOf));
    }
    /** AES-256-GCM key wrap of a data key, bound to its id and owner by the associated data. */
    wrap(dataKey, keyId, subjectId) {
        return {
            wrapped: (0, aes_gcm_1.seal)(this.current.key, dataKey, wrapAad(keyId, subjectId)),
            masterKeyId: this.current.id,
        };
    }
    unwrap(wrapped, masterKeyId, keyId, subjectId) {
        const master = this.byId.get(masterKeyId);
        if (!master)
            throw new Error(`data key ${keyId} is wrapped by master key ${masterKeyId}, which is not configured`);
        return (0, aes_gcm_1.open)(master.key, wrapped, wrapAad(keyId, subjectId));
    }
}
exports.MasterKeyRing = MasterKeyRing;
const wrapAad = (keyId, subjectId) => `pft-data-key:${keyId}:${subjectId}`;
//# sourceMappingURL=master-keys.js.map