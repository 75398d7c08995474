/**
 * `relayLayout(bytes, start, end)`, for the opening thread (plain JavaScript, evaluated there): a
 * sealed message as the relay publishes it, read by position in its UTF-8 bytes instead of decoded and
 * parsed. The relay writes the head with encodeEventMessageJson, in its order, and the payload as
 * Postgres writes a sealed payload's jsonb as text
 * (`{"sealed": {"alg": "A256GCM", "data": "…", "key_id": "…"}, "pilot_account_id": "…"}`).
 * It answers where the head's values the associated data needs, the box and the payload member lie
 * (LAID, filled afresh by each call); null for a message laid out in any other way, with an escape
 * anywhere in it, or naming one of those keys again after the payload: that message is parsed whole.
 * Without an escape, each value's bytes are the UTF-8 of the string JSON.parse would read. Reading by
 * position saves the thread decoding each message to text, parsing it and writing its head; a unit test
 * holds it to JSON.parse.
 */
export const RELAY_LAYOUT_SOURCE = `
const [BACKSLASH, QUOTE] = [92, 34];
const [STRING, NUMBER, EITHER] = [0, 1, 2];
const bytesOf = (text) => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The relay's layout of a sealed message up to the end of its payload: each piece of text as it is
 * written, and the value after it (a string, its closing quote included; digits; or either).
 */
const LAYOUT = [
  ['{"event_id":"', STRING],
  [',"type":"', STRING],
  [',"version":', NUMBER],
  [',"stream_id":"', STRING],
  [',"stream_version":', NUMBER],
  [',"position":', EITHER],
  [',"pilot_account_id":"', STRING],
  [',"occurred_at":"', STRING],
  [',"payload":{"sealed": {"alg": "A256GCM", "data": "', STRING],
  [', "key_id": "', STRING],
  ['}, "pilot_account_id": "', STRING],
].map(([piece, kind]) => [bytesOf(piece), kind]);
const [EVENT_ID, TYPE, VERSION, PILOT, PAYLOAD, DATA, KEY_ID, PAYLOAD_PILOT] = [0, 1, 2, 6, 8, 8, 9, 10];
const PAYLOAD_END = bytesOf('}');
const AFTER_PAYLOAD = bytesOf(',"metadata":');
/** The head's keys the payload must not be followed by, each without its opening quote. */
const HEAD_KEYS = ['event_id"', 'type"', 'version"', 'pilot_account_id"', 'payload"'].map(bytesOf);

/**
 * What the last call read: where the value after each piece of LAYOUT begins and ends, where the
 * payload member begins (its comma) and where it ends (after its closing brace).
 */
const LAID = { starts: new Int32Array(LAYOUT.length), ends: new Int32Array(LAYOUT.length), payloadAt: 0, payloadEnd: 0 };

/** Whether \`piece\` is written at \`at\`, before \`end\`. */
function writtenAt(bytes, at, end, piece) {
  if (at + piece.length > end) return false;
  for (let i = 0; i < piece.length; i++) if (bytes[at + i] !== piece[i]) return false;
  return true;
}

/** The end of the digits that begin at \`at\`, at most 15 of them, the first not 0 unless alone; -1 when none. */
function numberEnd(bytes, at, end) {
  let to = at;
  while (to < end && to - at <= 15) {
    const c = bytes[to];
    if (c < 48 || c > 57) break;
    to++;
  }
  if (to === at || to - at > 15 || (to - at > 1 && bytes[at] === 48)) return -1;
  return to;
}

/**
 * The closing quote of the string whose text begins at \`at\`; -1 when it does not close before
 * \`end\`. Looked for byte by byte: a string here is short, and a call into Buffer's indexOf costs
 * more than reading a few dozen bytes (the box's base64, the one long string, uses indexOf).
 */
function quoteEnd(bytes, at, end) {
  for (let i = at; i < end; i++) if (bytes[i] === QUOTE) return i;
  return -1;
}

function longQuoteEnd(bytes, at, end) {
  const found = bytes.indexOf(QUOTE, at);
  return found === -1 || found >= end ? -1 : found;
}

/**
 * The batch's next backslash from where it was last looked for: one search of the batch's bytes
 * serves every message without an escape (the thread's bytes never change while it reads them).
 */
const ESCAPE = { bytes: null, from: 0, at: -1 };

/** Whether there is a backslash from \`start\` to \`end\`. */
function escapedWithin(bytes, start, end) {
  if (ESCAPE.bytes !== bytes || start < ESCAPE.from || (ESCAPE.at !== -1 && ESCAPE.at < start)) {
    ESCAPE.bytes = bytes;
    ESCAPE.from = start;
    ESCAPE.at = bytes.indexOf(BACKSLASH, start);
  }
  return ESCAPE.at !== -1 && ESCAPE.at < end;
}

/** Whether one of HEAD_KEYS is named from \`at\` on, before \`end\`. */
function namesHeadKey(bytes, at, end) {
  for (let q = quoteEnd(bytes, at, end); q !== -1; q = quoteEnd(bytes, q + 1, end)) {
    for (const key of HEAD_KEYS) if (writtenAt(bytes, q + 1, end, key)) return true;
  }
  return false;
}

/** See RELAY_LAYOUT_SOURCE: the message in \`bytes\` from \`start\` to \`end\`. */
function relayLayout(bytes, start, end) {
  if (escapedWithin(bytes, start, end)) return null;
  const { starts, ends } = LAID;
  let at = start;
  for (let i = 0; i < LAYOUT.length; i++) {
    const piece = LAYOUT[i][0];
    const kind = LAYOUT[i][1];
    if (!writtenAt(bytes, at, end, piece)) return null;
    if (i === PAYLOAD) LAID.payloadAt = at;
    at += piece.length;
    const quoted = kind === STRING || (kind === EITHER && bytes[at] === QUOTE);
    if (kind === EITHER && quoted) at++;
    const valueEnd = !quoted ? numberEnd(bytes, at, end) : i === DATA ? longQuoteEnd(bytes, at, end) : quoteEnd(bytes, at, end);
    if (valueEnd === -1) return null;
    starts[i] = at;
    ends[i] = valueEnd;
    at = quoted ? valueEnd + 1 : valueEnd;
  }
  if (!writtenAt(bytes, at, end, PAYLOAD_END)) return null;
  LAID.payloadEnd = at + PAYLOAD_END.length;
  if (!writtenAt(bytes, LAID.payloadEnd, end, AFTER_PAYLOAD)) return null;
  if (namesHeadKey(bytes, LAID.payloadEnd, end)) return null;
  return LAID;
}
`;
