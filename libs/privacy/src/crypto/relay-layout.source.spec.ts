import { randomUUID } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { encodeEventMessage, type EventMessage, logbookStreamId } from '@pft/contracts';
import { jsonbText, relayMessageValue } from '@pft/testing';
import { RELAY_LAYOUT_SOURCE } from './relay-layout.source';

interface Laid {
  message: { event_id: string; type: string; version: string; pilot_account_id: string };
  payload: { pilot_account_id: string; sealed: { key_id: string; data: string } };
  head: [string, string];
}

const reader = runInNewContext(
  `${RELAY_LAYOUT_SOURCE}\n({ relayLayout, at: { EVENT_ID, TYPE, VERSION, PILOT, DATA, KEY_ID, PAYLOAD_PILOT } })`,
) as {
  relayLayout: (
    bytes: Uint8Array,
    start: number,
    end: number,
  ) => { starts: Int32Array; ends: Int32Array; payloadAt: number; payloadEnd: number } | null;
  at: Record<'EVENT_ID' | 'TYPE' | 'VERSION' | 'PILOT' | 'DATA' | 'KEY_ID' | 'PAYLOAD_PILOT', number>;
};

/**
 * The thread's reader, evaluated as the thread evaluates it, on the text's bytes between others (a
 * message lies among others in the thread's batch); what it read, as text.
 */
function relayLayout(text: string): Laid | null {
  const before = Buffer.from('{"event_id":"a"}');
  const bytes = Buffer.concat([before, Buffer.from(text), Buffer.from('"\\{"event_id":"')]);
  const start = before.length;
  const end = start + Buffer.byteLength(text);
  const laid = reader.relayLayout(bytes, start, end);
  if (laid === null) return null;
  const value = (i: number) => bytes.toString('utf8', laid.starts[i], laid.ends[i]);
  const { at } = reader;
  return {
    message: {
      event_id: value(at.EVENT_ID),
      type: value(at.TYPE),
      version: value(at.VERSION),
      pilot_account_id: value(at.PILOT),
    },
    payload: {
      pilot_account_id: value(at.PAYLOAD_PILOT),
      sealed: { key_id: value(at.KEY_ID), data: value(at.DATA) },
    },
    head: [bytes.toString('utf8', start + 1, laid.payloadAt), bytes.toString('utf8', laid.payloadEnd, end)],
  };
}

/** A FlightRecorded with a sealed payload (its box's data need not open here). */
function sealedMessage(over: Partial<EventMessage> = {}, metadata: Record<string, unknown> = {}) {
  const pilot = randomUUID();
  return {
    event_id: randomUUID(),
    type: 'FlightRecorded',
    version: 1,
    stream_id: logbookStreamId(pilot),
    stream_version: 12,
    position: '4096',
    pilot_account_id: pilot,
    occurred_at: '2026-11-22T10:00:00.000Z',
    payload: {
      pilot_account_id: pilot,
      sealed: { alg: 'A256GCM', key_id: randomUUID(), data: 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQ+/8=' },
    },
    metadata: { request_id: randomUUID(), command_last_version: 12, ...metadata },
    ...over,
  } as unknown as EventMessage;
}

describe('reading a sealed message by its position in the relay’s layout', () => {
  it('reads what JSON.parse reads, and its text without the payload parses as the rest of the message', () => {
    for (const message of [
      sealedMessage(),
      sealedMessage({ version: 10, stream_version: 1, position: '1' }),
      sealedMessage({ position: 77 } as unknown as Partial<EventMessage>),
    ]) {
      const text = relayMessageValue(message).toString();
      const parsed = JSON.parse(text) as EventMessage & {
        payload: { pilot_account_id: string; sealed: { key_id: string; data: string } };
      };
      const laid = relayLayout(text);
      expect(laid?.message).toEqual({
        event_id: parsed.event_id,
        type: parsed.type,
        version: String(parsed.version),
        pilot_account_id: parsed.pilot_account_id,
      });
      expect(laid?.payload).toEqual({
        pilot_account_id: parsed.payload.pilot_account_id,
        sealed: { key_id: parsed.payload.sealed.key_id, data: parsed.payload.sealed.data },
      });
      const opened = { pilot_account_id: message.pilot_account_id, flight: { remarks: 'x' } };
      const spliced = `{"payload":${JSON.stringify(opened)},${laid!.head[0]}${laid!.head[1]}`;
      expect(JSON.parse(spliced)).toEqual({ ...parsed, payload: opened });
    }
  });

  it('leaves any other text to be parsed whole', () => {
    const message = sealedMessage();
    const text = relayMessageValue(message).toString();
    const others = {
      'laid out by JSON.stringify': encodeEventMessage(message).toString(),
      'an escape in its metadata': relayMessageValue(
        sealedMessage({}, { request_id: 'line\nbreak' }),
      ).toString(),
      'an escape in its head': text.replace('"type":"FlightRecorded"', '"type":"Flight\\u0052ecorded"'),
      'its payload’s keys in another order': text.replace(
        jsonbText(message.payload),
        JSON.stringify(message.payload),
      ),
      'a head key again in its metadata': relayMessageValue(
        sealedMessage({}, { type: 'FlightDeleted' }),
      ).toString(),
      'a payload again after its metadata': `${text.slice(0, -1)},"payload":{}}`,
      'a version written with a leading zero': text.replace('"version":1,', '"version":01,'),
      'a version past what a double holds exactly': text.replace(
        '"version":1,',
        '"version":12345678901234567,',
      ),
      'a payload in the clear': relayMessageValue({
        ...message,
        payload: { pilot_account_id: message.pilot_account_id, flight: {} },
      } as unknown as EventMessage).toString(),
      'cut short': text.slice(0, text.indexOf('"key_id"')),
      'not JSON': 'null',
    };
    for (const [what, other] of Object.entries(others)) {
      expect({ what, laid: relayLayout(other) }).toEqual({ what, laid: null });
    }
    expect(relayLayout(text)).not.toBeNull();
  });
});
