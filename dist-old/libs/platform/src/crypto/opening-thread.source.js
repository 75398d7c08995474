"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OPENING_THREAD_SOURCE = void 0;
const aes_gcm_1 = require("./aes-gcm");
const relay_layout_source_1 = require("./relay-layout.source");
const thread_held_keys_1 = require("./thread-held-keys");
/**
 * The opening thread's code, run with `eval` so it needs no file of its own in the build or under the
 * tests. `open` opens a value exactly as `open` in aes-gcm.ts does, `isSealed` and `aadOf` read a
 * message as isSealedPayload and sealedPayloadAad in @pft/contracts do (a unit test holds the
 * thread's answers to those of decoding on the caller's thread). Each request is a batch of whole
 * messages of the topic, as one buffer and where each ends, with the data keys their payloads name;
 * the answer is each message's text with its payload opened, or the text as it came with why not (its
 * key destroyed or not given, or it does not open), and the buffer, given back for the next batch.
 * Each request names the keys of its batch; a key given once is named HELD after that, and used only
 * when a request names it (thread-held-keys.ts). A message laid out as the relay publishes it is read
 * by position (RELAY_LAYOUT_SOURCE) and, when it opens, never parsed here; any other is parsed.
 */
exports.OPENING_THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createDecipheriv } = require('node:crypto');

function open(key, sealed, aad) {
  if (sealed.length < ${aes_gcm_1.IV_BYTES + aes_gcm_1.TAG_BYTES}) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, ${aes_gcm_1.IV_BYTES}), { authTagLength: ${aes_gcm_1.TAG_BYTES} });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - ${aes_gcm_1.TAG_BYTES}));
  const plaintext = decipher.update(sealed.subarray(${aes_gcm_1.IV_BYTES}, sealed.length - ${aes_gcm_1.TAG_BYTES}));
  decipher.final();
  return plaintext.toString('utf8');
}

function isSealed(p) {
  return typeof p === 'object' && p !== null && typeof p.pilot_account_id === 'string' &&
    typeof p.sealed === 'object' && p.sealed !== null && p.sealed.alg === 'A256GCM' &&
    typeof p.sealed.key_id === 'string' && typeof p.sealed.data === 'string';
}

const aadOf = (m) => 'pft-event:' + m.event_id + ':' + m.type + ':' + m.version + ':' + m.pilot_account_id;

${relay_layout_source_1.RELAY_LAYOUT_SOURCE}
/**
 * The text of a message the relay laid out with its payload opened, when its key is given and it
 * opens; null otherwise, and the message is then parsed and decided on as any other, so every refusal
 * reads as it always has.
 */
function openedRelayLayout(text, keyIndex, keys) {
  const laid = relayLayout(text);
  if (laid === null || laid.payload.pilot_account_id !== laid.message.pilot_account_id) return null;
  const at = keyIndex.get(laid.payload.sealed.key_id);
  const key = at === undefined ? undefined : keys[at];
  if (key === undefined || key === null) return null;
  let plaintext;
  try {
    plaintext = open(key, Buffer.from(laid.payload.sealed.data, 'base64'), aadOf(laid.message));
  } catch {
    return null;
  }
  // The payload first, as below.
  return '{"payload":' + plaintext + ',' + laid.head[0] + laid.head[1];
}

/** Keys given in earlier requests, by key id (ThreadHeldKeys in thread-held-keys.ts is the caller's account of them). */
const held = new Map();

/** The request's keys, each named HELD taken from those held; the rest held, or dropped, as the caller says. */
function keysOf(keyIds, sent, forget) {
  for (const keyId of forget) held.delete(keyId);
  return sent.map((key, i) => {
    if (key === ${thread_held_keys_1.HELD}) return held.get(keyIds[i]);
    held.delete(keyIds[i]);
    if (key) held.set(keyIds[i], key);
    return key;
  });
}

/**
 * 0: read the text as any message; 1: its key was destroyed; 2: it does not open (reasons says why);
 * 3: its key was not among those given (missing says which).
 */
function openMessages({ id, bytes, ends, keyIds, keys: sent, forget }) {
  const keys = keysOf(keyIds, sent, forget);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const keyIndex = new Map(keyIds.map((keyId, i) => [keyId, i]));
  const texts = new Array(ends.length);
  const kinds = new Uint8Array(ends.length);
  const reasons = [];
  const missing = [];
  let byPosition = 0;
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const text = buffer.toString('utf8', start, ends[i]);
    start = ends[i];
    texts[i] = text;
    const opened = openedRelayLayout(text, keyIndex, keys);
    if (opened !== null) {
      texts[i] = opened;
      byPosition++;
      continue;
    }
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      continue;
    }
    if (typeof message !== 'object' || message === null || !isSealed(message.payload)) continue;
    const keyId = message.payload.sealed.key_id;
    const at = keyIndex.get(keyId);
    const key = at === undefined ? undefined : keys[at];
    if (message.payload.pilot_account_id !== message.pilot_account_id) {
      kinds[i] = 2;
      reasons.push([i, 'payload pilot_account_id differs from the message key']);
    } else if (at === undefined) {
      kinds[i] = 3;
      missing.push([i, keyId]);
    } else if (key === null) {
      kinds[i] = 1;
    } else if (key === undefined) {
      kinds[i] = 2;
      reasons.push([i, message.type + ' payload does not open: data key ' + keyId + ' was not loaded']);
    } else {
      try {
        const plaintext = open(key, Buffer.from(message.payload.sealed.data, 'base64'), aadOf(message));
        const { payload: _sealed, ...head } = message;
        const rest = JSON.stringify(head);
        // The payload first: any key of the head after it wins over one the plaintext might repeat.
        texts[i] = rest === '{}' ? '{"payload":' + plaintext + '}' : '{"payload":' + plaintext + ',' + rest.slice(1);
      } catch (err) {
        kinds[i] = 2;
        reasons.push([i, message.type + ' payload does not open: ' + String(err && err.message)]);
      }
    }
  }
  parentPort.postMessage({ id, texts, kinds, reasons, missing, byPosition, bytes: bytes.buffer }, [bytes.buffer]);
}

parentPort.on('message', (request) => {
  openMessages(request);
});
`;
//# sourceMappingURL=opening-thread.source.js.map