/**
 * `relayLayout(text)`, for the opening thread (plain JavaScript, evaluated there): a sealed message as
 * the relay publishes it, read by position instead of parsed. The relay writes the head with
 * encodeEventMessageJson, in its order, and the payload as Postgres writes a sealed payload's jsonb as
 * text (`{"sealed": {"alg": "A256GCM", "data": "…", "key_id": "…"}, "pilot_account_id": "…"}`).
 * It answers the head's values the associated data needs, the box, and the text without its payload
 * member; null for a text laid out in any other way, with an escape anywhere in it, or naming one of
 * those keys again after the payload: that text is parsed whole. Reading by position saves the thread
 * a parse of each message (about 3 µs) and the writing of its head. A unit test holds it to JSON.parse.
 */
export const RELAY_LAYOUT_SOURCE = `
const BACKSLASH = String.fromCharCode(92);
const SEALED_PAYLOAD_OPENING = '{"sealed": {"alg": "A256GCM", "data": "';
const HEAD_KEYS = ['"event_id"', '"type"', '"version"', '"pilot_account_id"', '"payload"'];

/** The index just past \`expected\` when the text has it at \`at\`; -1 when not (or \`at\` is -1). */
const past = (text, at, expected) => (at !== -1 && text.startsWith(expected, at) ? at + expected.length : -1);

/** The closing quote of a string whose characters begin at \`at\` (the text holds no escape); -1 when none. */
const stringEnd = (text, at) => (at === -1 ? -1 : text.indexOf('"', at));

/** The end of the digits that begin at \`at\`, at most 15 of them, the first not 0 unless alone; -1 when none. */
function numberEnd(text, at) {
  if (at === -1) return -1;
  let end = at;
  while (end < text.length && end - at <= 15) {
    const c = text.charCodeAt(end);
    if (c < 48 || c > 57) break;
    end++;
  }
  if (end === at || end - at > 15 || (end - at > 1 && text.charCodeAt(at) === 48)) return -1;
  return end;
}

/** See RELAY_LAYOUT_SOURCE. */
function relayLayout(text) {
  if (text.indexOf(BACKSLASH) !== -1) return null;
  const idAt = past(text, 0, '{"event_id":"');
  const idEnd = stringEnd(text, idAt);
  const typeAt = past(text, idEnd, '","type":"');
  const typeEnd = stringEnd(text, typeAt);
  const versionAt = past(text, typeEnd, '","version":');
  const versionEnd = numberEnd(text, versionAt);
  let at = past(text, versionEnd, ',"stream_id":"');
  at = past(text, stringEnd(text, at), '","stream_version":');
  at = past(text, numberEnd(text, at), ',"position":');
  if (at === -1) return null;
  at = text.charCodeAt(at) === 34 ? past(text, stringEnd(text, at + 1), '"') : numberEnd(text, at);
  const pilotAt = past(text, at, ',"pilot_account_id":"');
  const pilotEnd = stringEnd(text, pilotAt);
  const occurredEnd = stringEnd(text, past(text, pilotEnd, '","occurred_at":"'));
  const dataAt = past(text, past(text, occurredEnd, '","payload":'), SEALED_PAYLOAD_OPENING);
  const dataEnd = stringEnd(text, dataAt);
  const keyAt = past(text, dataEnd, '", "key_id": "');
  const keyEnd = stringEnd(text, keyAt);
  const payloadPilotAt = past(text, keyEnd, '"}, "pilot_account_id": "');
  const payloadPilotEnd = stringEnd(text, payloadPilotAt);
  const payloadEnd = past(text, payloadPilotEnd, '"}');
  if (past(text, payloadEnd, ',"metadata":') === -1) return null;
  for (const key of HEAD_KEYS) if (text.indexOf(key, payloadEnd) !== -1) return null;
  return {
    message: {
      event_id: text.slice(idAt, idEnd),
      type: text.slice(typeAt, typeEnd),
      version: text.slice(versionAt, versionEnd),
      pilot_account_id: text.slice(pilotAt, pilotEnd),
    },
    payload: {
      pilot_account_id: text.slice(payloadPilotAt, payloadPilotEnd),
      sealed: { key_id: text.slice(keyAt, keyEnd), data: text.slice(dataAt, dataEnd) },
    },
    // The text without its payload member, in two parts: from after the opening brace to the comma
    // before "payload", and from the comma after the payload to the end.
    head: [text.slice(1, occurredEnd + 1), text.slice(payloadEnd)],
  };
}

`;
