"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RELAY_LAYOUT_SOURCE = void 0;
/**
 * `relayLayout(text)`, for the opening thread (plain JavaScript, evaluated there): a sealed message as
 * the relay publishes it, read by position instead of parsed. The relay writes the head with
 * encodeEventMessageJson, in its order, and the payload as Postgres writes a sealed payload's jsonb as
 * text (`{"sealed": {"alg": "A256GCM", "data": "…", "key_id": "…"}, "pilot_account_id": "…"}`).
 * It answers the head's values the associated data needs, the box, and the text without its payload
 * member; null for a text laid out in any other way, with an escape anywhere in it, or naming one of
 * those keys again after the payload: that text is parsed whole. Reading by position saves the thread
 * a parse of each message and the writing of its head (about 1.6 µs of its CPU a message). A unit
 * test holds it to JSON.parse.
 */
exports.RELAY_LAYOUT_SOURCE = `
const BACKSLASH = String.fromCharCode(92);
const QUOTE = 34;
const [STRING, NUMBER, EITHER] = [0, 1, 2];

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
];
const [EVENT_ID, TYPE, VERSION, PILOT, PAYLOAD, DATA, KEY_ID, PAYLOAD_PILOT] = [0, 1, 2, 6, 8, 8, 9, 10];
const PAYLOAD_END = '}';
const AFTER_PAYLOAD = ',"metadata":';
const HEAD_KEYS = ['"event_id"', '"type"', '"version"', '"pilot_account_id"', '"payload"'];

/** Where the value after each piece of LAYOUT begins and ends in the text last read. */
const starts = new Int32Array(LAYOUT.length);
const ends = new Int32Array(LAYOUT.length);

/** The end of the digits that begin at \`at\`, at most 15 of them, the first not 0 unless alone; -1 when none. */
function numberEnd(text, at) {
  let end = at;
  while (end < text.length && end - at <= 15) {
    const c = text.charCodeAt(end);
    if (c < 48 || c > 57) break;
    end++;
  }
  if (end === at || end - at > 15 || (end - at > 1 && text.charCodeAt(at) === 48)) return -1;
  return end;
}

const value = (text, i) => text.slice(starts[i], ends[i]);

/** See RELAY_LAYOUT_SOURCE. */
function relayLayout(text) {
  if (text.indexOf(BACKSLASH) !== -1) return null;
  let at = 0;
  let payloadAt = 0;
  for (let i = 0; i < LAYOUT.length; i++) {
    const piece = LAYOUT[i][0];
    const kind = LAYOUT[i][1];
    if (!text.startsWith(piece, at)) return null;
    if (i === PAYLOAD) payloadAt = at;
    at += piece.length;
    const quoted = kind === STRING || (kind === EITHER && text.charCodeAt(at) === QUOTE);
    if (kind === EITHER && quoted) at++;
    const end = quoted ? text.indexOf('"', at) : numberEnd(text, at);
    if (end === -1) return null;
    starts[i] = at;
    ends[i] = end;
    at = quoted ? end + 1 : end;
  }
  if (!text.startsWith(PAYLOAD_END + AFTER_PAYLOAD, at)) return null;
  const payloadEnd = at + PAYLOAD_END.length;
  for (const key of HEAD_KEYS) if (text.indexOf(key, payloadEnd) !== -1) return null;
  return {
    message: {
      event_id: value(text, EVENT_ID),
      type: value(text, TYPE),
      version: value(text, VERSION),
      pilot_account_id: value(text, PILOT),
    },
    payload: {
      pilot_account_id: value(text, PAYLOAD_PILOT),
      sealed: { key_id: value(text, KEY_ID), data: value(text, DATA) },
    },
    // The text without its payload member, in two parts: from after the opening brace to the comma
    // before "payload", and from the comma after the payload to the end.
    head: [text.slice(1, payloadAt), text.slice(payloadEnd)],
  };
}
`;
//# sourceMappingURL=relay-layout.source.js.map