import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { nativeAesGcm, type NativeAesGcm } from './native-aes-gcm';

/** AES-256-GCM: a 96-bit random nonce and a 128-bit tag, as NIST SP 800-38D recommends. */
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/**
 * Each key's KeyObject, made once. Given raw bytes, node:crypto makes a KeyObject for every cipher it
 * creates, which costs more than the rest of opening a payload. Keys are held in memory
 * (DataKeys, the master key ring) for many payloads, so their KeyObject is kept as long as they are;
 * a key's bytes never change once it is made.
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();

export function keyObjectOf(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) {
    object = createSecretKey(key);
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

function freshNonce(): Buffer {
  if (nextNonce + IV_BYTES > nonces.length) {
    nonces = randomBytes(IV_BYTES * NONCES_PER_DRAW);
    nextNonce = 0;
  }
  const nonce = nonces.subarray(nextNonce, nextNonce + IV_BYTES);
  nextNonce += IV_BYTES;
  return nonce;
}

/**
 * Why a value does not open: node:crypto's words, which the native opener's refusals use too, so a
 * refusal reads the same whichever opened it.
 */
export const DOES_NOT_OPEN = 'Unsupported state or unable to authenticate data';

/** A sealed value: the nonce, the ciphertext and the tag, in that order. */
export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = freshNonce();
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = cipher.update(plaintext);
  // GCM is a stream mode: final adds nothing to the ciphertext, it makes the tag.
  cipher.final();
  return Buffer.concat([iv, body, cipher.getAuthTag()], IV_BYTES + body.length + TAG_BYTES);
}

/**
 * The plaintext of `sealed`; throws when the key, the associated data or a single bit of the value is
 * not what it was sealed with (the tag does not match). Opened by the native opener where it was built
 * (native-aes-gcm.ts), else by node:crypto: the same answers, the same refusals.
 */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const native = nativeAesGcm();
  return native === null ? openWithNodeCrypto(key, sealed, aad) : openNatively(native, key, sealed, aad);
}

export function openNatively(native: NativeAesGcm, key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  // Memory of its own, as node:crypto gives it: never a slice of the pool that other small buffers share,
  // which a data key unwrapped here would keep alive, with whatever else lies in it, as long as it is held.
  const plaintext = Buffer.allocUnsafeSlow(sealed.length - IV_BYTES - TAG_BYTES);
  if (native.open(key, sealed, Buffer.from(aad, 'utf8'), plaintext, 0) < 0) throw new Error(DOES_NOT_OPEN);
  return plaintext;
}

export function openWithNodeCrypto(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', keyObjectOf(key), iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  // GCM is a stream mode: update gives the whole plaintext, and final only checks the tag.
  const plaintext = decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES));
  decipher.final();
  return plaintext;
}

/** A fresh data key. */
export const newDataKey = (): Buffer => randomBytes(KEY_BYTES);
