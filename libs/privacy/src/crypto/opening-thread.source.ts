import { DOES_NOT_OPEN, IV_BYTES, TAG_BYTES } from './aes-gcm';
import { OPENING_THREAD_ANSWER_SOURCE } from './opening-thread-answer.source';
import { OPENING_THREAD_KEYS_SOURCE } from './opening-thread-keys.source';
import { RELAY_LAYOUT_SOURCE } from './relay-layout.source';

/**
 * The opening thread's code (with its answer's writing and its keys, in the two sources beside it), run
 * with `eval` so it needs no file of its own in the build or under the tests. `open` opens a value
 * exactly as `open` in aes-gcm.ts does, `isSealed` and `aadOf` read a message as isSealedPayload and
 * sealedPayloadAad in @pft/contracts do (a unit test holds the thread's answers to those of decoding
 * on the caller's thread). Each request is a batch of whole
 * messages of the topic, in a buffer shared with the caller (shared-slots.ts), with where each ends,
 * and the shared buffer to write the answer into; the answer is each message's UTF-8 text with its
 * payload opened, or as it came with why not (its key destroyed, not held, or not known, or it does not
 * open), one after another in that buffer (or in one of its own, sent back, when it outgrows it), with
 * where each ends. The thread holds the keys it was given
 * (thread-held-keys.ts) and names the messages whose key it does not hold (kind 3): the caller asks
 * again for those, giving their keys. A message laid out as the relay publishes it is read by position
 * in its bytes (RELAY_LAYOUT_SOURCE) and, when it opens, written from its own bytes and the
 * plaintext's, never decoded to text here; any other is decoded and parsed.
 */
export const OPENING_THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createDecipheriv } = require('node:crypto');

/** The native opener (native-aes-gcm.ts) where it was built; the thread then holds keys as bytes. */
const native = workerData.nativePath === null ? null : require(workerData.nativePath);
/** The plaintext last opened natively, written over by the next. */
let plain = Buffer.alloc(4096);

/** A key given as a KeyObject, as the thread uses it: its bytes for the native opener. */
const usable = (key) => (native === null || key === null || key === undefined ? key : key.export());

/**
 * The plaintext of \`sealed\`, opened with \`key\` and the associated data \`aad\` (bytes). Opened natively,
 * it is valid until the next opening.
 */
function open(key, sealed, aad) {
  if (sealed.length < ${IV_BYTES + TAG_BYTES}) throw new Error('sealed value too short');
  if (native !== null) {
    const length = sealed.length - ${IV_BYTES + TAG_BYTES};
    if (length > plain.length) plain = Buffer.alloc(2 * length);
    if (native.open(key, sealed, aad, plain, 0) < 0) throw new Error(${JSON.stringify(DOES_NOT_OPEN)});
    return plain.subarray(0, length);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, ${IV_BYTES}), { authTagLength: ${TAG_BYTES} });
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - ${TAG_BYTES}));
  const plaintext = decipher.update(sealed.subarray(${IV_BYTES}, sealed.length - ${TAG_BYTES}));
  decipher.final();
  return plaintext;
}

function isSealed(p) {
  return typeof p === 'object' && p !== null && typeof p.pilot_account_id === 'string' &&
    typeof p.sealed === 'object' && p.sealed !== null && p.sealed.alg === 'A256GCM' &&
    typeof p.sealed.key_id === 'string' && typeof p.sealed.data === 'string';
}

const aadOf = (m) => 'pft-event:' + m.event_id + ':' + m.type + ':' + m.version + ':' + m.pilot_account_id;

${RELAY_LAYOUT_SOURCE}

${OPENING_THREAD_ANSWER_SOURCE}

${OPENING_THREAD_KEYS_SOURCE}

/** The buffers shared with the caller, by id: handed over once each, let go when the caller says. */
const slots = new Map();

const OPENED_HEAD = Buffer.from('{"payload":');
const COMMA = Buffer.from(',');
const AAD_HEAD = Buffer.from('pft-event:');
const COLON = 58;
/** The associated data of the message last read by position, and the box's bytes, written over for each. */
let aad = Buffer.alloc(256);
let box = Buffer.alloc(4096);

/** Whether the bytes from \`a\` to \`aEnd\` are those from \`b\` to \`bEnd\`. */
function same(bytes, a, aEnd, b, bEnd) {
  if (aEnd - a !== bEnd - b) return false;
  for (let i = 0; i < aEnd - a; i++) if (bytes[a + i] !== bytes[b + i]) return false;
  return true;
}

/** The parts of the associated data, after AAD_HEAD and each after a colon. */
const AAD_PARTS = [EVENT_ID, TYPE, VERSION, PILOT];

/** The associated data of the message LAID read (as aadOf writes it), from its own bytes, copied one by one (they are few). */
function laidAad(bytes) {
  const { starts, ends } = LAID;
  let length = AAD_HEAD.length + AAD_PARTS.length - 1;
  for (const part of AAD_PARTS) length += ends[part] - starts[part];
  if (length > aad.length) aad = Buffer.alloc(2 * length);
  let at = 0;
  for (let i = 0; i < AAD_HEAD.length; i++) aad[at++] = AAD_HEAD[i];
  for (let p = 0; p < AAD_PARTS.length; p++) {
    if (p > 0) aad[at++] = COLON;
    for (let i = starts[AAD_PARTS[p]]; i < ends[AAD_PARTS[p]]; i++) aad[at++] = bytes[i];
  }
  return aad.subarray(0, at);
}

/** The box of the message LAID read, its base64 decoded. */
function laidBox(bytes) {
  const data = bytes.toString('latin1', LAID.starts[DATA], LAID.ends[DATA]);
  if (data.length > box.length) box = Buffer.alloc(2 * data.length);
  return box.subarray(0, box.write(data, 0, 'base64'));
}

/** Whether the bytes from \`start\` to \`end\` are all ASCII: their latin1 text is then their UTF-8 text. */
function ascii(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] > 0x7f) return false;
  return true;
}

/** The key the last message writeOpenedRelayLayout wrote opened with. */
let laidKeyId = null;

/**
 * A message the relay laid out (LAID, just read), written to the answer with its payload opened,
 * when its key is given or held and it opens (the payload first, as below): true. When its key is not
 * held, that key's id, and nothing written: the caller is asked for the key without the message being
 * parsed. False otherwise, and nothing written: the message is then parsed and decided on as any other,
 * so every refusal reads as it always has.
 */
function writeOpenedRelayLayout(bytes, start, end) {
  const { starts, ends } = LAID;
  if (!same(bytes, starts[PAYLOAD_PILOT], ends[PAYLOAD_PILOT], starts[PILOT], ends[PILOT])) return false;
  const keyId = bytes.toString('latin1', starts[KEY_ID], ends[KEY_ID]);
  const key = keyOf(keyId);
  if (key === MISSING) return ascii(bytes, starts[KEY_ID], ends[KEY_ID]) ? keyId : false;
  if (key === undefined || key === null) return false;
  let plaintext;
  try {
    plaintext = open(key, laidBox(bytes), laidAad(bytes));
  } catch {
    return false;
  }
  const { payloadAt, payloadEnd } = LAID;
  laidKeyId = keyId;
  writeBytes(OPENED_HEAD, 0, OPENED_HEAD.length);
  writeBytes(plaintext, 0, plaintext.length);
  writeBytes(COMMA, 0, 1);
  writeBytes(bytes, start + 1, payloadAt);
  writeBytes(bytes, payloadEnd, end);
  return true;
}

/**
 * 0: read the text as any message; 1: its key was destroyed; 2: it does not open (reasons says why);
 * 3: its key is not held (missing says which).
 */
function openMessages(request) {
  const { id, ends, size, from: fromSlot, into } = request;
  for (const [slot, shared] of request.slots.register) slots.set(slot, shared);
  for (const slot of request.slots.drop) slots.delete(slot);
  takeKeys(request);
  const buffer = Buffer.from(slots.get(fromSlot), 0, size);
  const shared = slots.get(into);
  answer.at = 0;
  const outEnds = new Uint32Array(ends.length);
  const kinds = new Uint8Array(ends.length);
  /** Of each message of kind 0, the key its payload opened with; null: its payload was in the clear. */
  const keyIds = new Array(ends.length).fill(null);
  const reasons = [];
  const missing = [];
  let byPosition = 0;
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i];
    const from = start;
    start = end;
    const laid = relayLayout(buffer, from, end) !== null ? writeOpenedRelayLayout(buffer, from, end) : false;
    if (laid === true) {
      keyIds[i] = laidKeyId;
      byPosition++;
      outEnds[i] = answer.at;
      continue;
    }
    if (laid !== false) {
      kinds[i] = 3;
      missing.push([i, laid]);
      writeBytes(buffer, from, end);
      outEnds[i] = answer.at;
      continue;
    }
    const text = buffer.toString('utf8', from, end);
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      message = null;
    }
    if (typeof message !== 'object' || message === null || !isSealed(message.payload)) {
      writeBytes(buffer, from, end);
      outEnds[i] = answer.at;
      continue;
    }
    const keyId = message.payload.sealed.key_id;
    const key = keyOf(keyId);
    let opened = null;
    if (message.payload.pilot_account_id !== message.pilot_account_id) {
      kinds[i] = 2;
      reasons.push([i, 'payload pilot_account_id differs from the message key']);
    } else if (key === MISSING) {
      kinds[i] = 3;
      missing.push([i, keyId]);
    } else if (key === null) {
      kinds[i] = 1;
    } else if (key === undefined) {
      kinds[i] = 2;
      reasons.push([i, message.type + ' payload does not open: data key ' + keyId + ' was not loaded']);
    } else {
      try {
        const plaintext = open(key, Buffer.from(message.payload.sealed.data, 'base64'), Buffer.from(aadOf(message), 'utf8'));
        const { payload: _sealed, ...head } = message;
        const rest = JSON.stringify(head);
        // The payload first: any key of the head after it wins over one the plaintext might repeat.
        const payload = plaintext.toString('utf8');
        opened = rest === '{}' ? '{"payload":' + payload + '}' : '{"payload":' + payload + ',' + rest.slice(1);
        keyIds[i] = keyId;
      } catch (err) {
        kinds[i] = 2;
        reasons.push([i, message.type + ' payload does not open: ' + String(err && err.message)]);
      }
    }
    if (opened === null) writeBytes(buffer, from, end);
    else writeText(opened);
    outEnds[i] = answer.at;
  }
  // Copied where the caller reads it, unless it outgrew that buffer: then a copy of it goes back itself.
  let grown = null;
  if (answer.at <= shared.byteLength) new Uint8Array(shared, 0, answer.at).set(answer.out.subarray(0, answer.at));
  else {
    const copy = new Uint8Array(answer.at);
    copy.set(answer.out.subarray(0, answer.at));
    grown = copy.buffer;
  }
  parentPort.postMessage(
    { id, out: grown, outEnds, kinds, keyIds, reasons, missing, byPosition },
    grown === null ? [outEnds.buffer] : [grown, outEnds.buffer],
  );
}

parentPort.on('message', (request) => {
  openMessages(request);
});
`;
