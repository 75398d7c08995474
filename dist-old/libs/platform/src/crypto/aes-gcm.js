"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newDataKey = exports.KEY_BYTES = exports.TAG_BYTES = exports.IV_BYTES = void 0;
exports.keyObjectOf = keyObjectOf;
exports.seal = seal;
exports.open = open;
const node_crypto_1 = require("node:crypto");
/** AES-256-GCM: a 96-bit random nonce and a 128-bit tag, as NIST SP 800-38D recommends. */
exports.IV_BYTES = 12;
exports.TAG_BYTES = 16;
exports.KEY_BYTES = 32;
/**
 * Each key's KeyObject, made once. Given raw bytes, node:crypto makes a KeyObject for every cipher it
 * creates: about 20 µs on Node 24, four times the rest of opening a payload. Keys are held in memory
 * (DataKeys, the master key ring) for many payloads, so their KeyObject is kept as long as they are;
 * a key's bytes never change once it is made.
 */
const keyObjects = new WeakMap();
function keyObjectOf(key) {
    let object = keyObjects.get(key);
    if (!object) {
        object = (0, node_crypto_1.createSecretKey)(key);
        keyObjects.set(key, object);
    }
    return object;
}
/**
 * Nonces come from random bytes drawn NONCES_PER_DRAW at a time: a call to the random generator costs
 * about as much as the rest of sealing a payload, and an import seals a thousand. Each nonce is used
 * once and is as random as one drawn alone; a new draw is a new buffer, so no nonce handed out is
 * ever overwritten.
 */
const NONCES_PER_DRAW = 1024;
let nonces = Buffer.alloc(0);
let nextNonce = 0;
function freshNonce() {
    if (nextNonce + exports.IV_BYTES > nonces.length) {
        nonces = (0, node_crypto_1.randomBytes)(exports.IV_BYTES * NONCES_PER_DRAW);
        nextNonce = 0;
    }
    const nonce = nonces.subarray(nextNonce, nextNonce + exports.IV_BYTES);
    nextNonce += exports.IV_BYTES;
    return nonce;
}
/** A sealed value: the nonce, the ciphertext and the tag, in that order. */
function seal(key, plaintext, aad) {
    const iv = freshNonce();
    const cipher = (0, node_crypto_1.createCipheriv)('aes-256-gcm', keyObjectOf(key), iv, { authTagLength: exports.TAG_BYTES });
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const body = cipher.update(plaintext);
    // GCM is a stream mode: final adds nothing to the ciphertext, it makes the tag.
    cipher.final();
    return Buffer.concat([iv, body, cipher.getAuthTag()], exports.IV_BYTES + body.length + exports.TAG_BYTES);
}
/**
 * The plaintext of `sealed`; throws when the key, the associated data or a single bit of the value is
 * not what it was sealed with (the tag does not match).
 */
function open(key, sealed, aad) {
    if (sealed.length < exports.IV_BYTES + exports.TAG_BYTES)
        throw new Error('sealed value too short');
    const iv = sealed.subarray(0, exports.IV_BYTES);
    const tag = sealed.subarray(sealed.length - exports.TAG_BYTES);
    const decipher = (0, node_crypto_1.createDecipheriv)('aes-256-gcm', keyObjectOf(key), iv, { authTagLength: exports.TAG_BYTES });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    // GCM is a stream mode: update gives the whole plaintext, and final only checks the tag.
    const plaintext = decipher.update(sealed.subarray(exports.IV_BYTES, sealed.length - exports.TAG_BYTES));
    decipher.final();
    return plaintext;
}
/** A fresh data key. */
const newDataKey = () => (0, node_crypto_1.randomBytes)(exports.KEY_BYTES);
exports.newDataKey = newDataKey;
//# sourceMappingURL=aes-gcm.js.map