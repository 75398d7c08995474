import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type EventMessage } from './event-message';
import { CURRENT_EVENT_VERSION, type PilotEventType } from './pilot-events';
import { EVENT_MESSAGE_SCHEMA, EVENT_PAYLOAD_SCHEMAS } from './schemas';
import { upcast } from './upcasters';

const ajv = new Ajv2020({ allErrors: false, strict: true });
addFormats(ajv);
const validMessage = ajv.compile(EVENT_MESSAGE_SCHEMA);
const validPayload = new Map(
  (Object.keys(EVENT_PAYLOAD_SCHEMAS) as PilotEventType[]).map((type) => [
    type,
    ajv.compile(EVENT_PAYLOAD_SCHEMAS[type][CURRENT_EVENT_VERSION[type]] ?? {}),
  ]),
);

export type DecodeResult = { ok: true; message: EventMessage } | { ok: false; reason: string };

/** Parses, checks against the schemas and upcasts a message from the topic. Never throws. */
export function decodeEventMessage(value: Buffer | string | null): DecodeResult {
  if (value === null) return { ok: false, reason: 'empty message' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof value === 'string' ? value : value.toString('utf8'));
  } catch {
    return { ok: false, reason: 'message is not valid JSON' };
  }
  if (!validMessage(parsed)) {
    return { ok: false, reason: `message: ${ajv.errorsText(validMessage.errors)}` };
  }
  const message = parsed as EventMessage;
  let lifted: { version: number; payload: unknown };
  try {
    lifted = upcast(message.type, message.version, message.payload);
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  const check = validPayload.get(message.type);
  if (!check?.(lifted.payload)) {
    return { ok: false, reason: `${message.type} payload: ${ajv.errorsText(check?.errors)}` };
  }
  const payload = lifted.payload as { pilot_account_id: string };
  if (payload.pilot_account_id !== message.pilot_account_id) {
    return { ok: false, reason: 'payload pilot_account_id differs from the message key' };
  }
  return { ok: true, message: { ...message, version: lifted.version, payload } as EventMessage };
}
