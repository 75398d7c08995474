import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type EventMessage } from './event-message';
import { CURRENT_EVENT_VERSION, type PilotEventType } from './pilot-events';
import { EVENT_MESSAGE_SCHEMA, EVENT_PAYLOAD_SCHEMAS } from './schemas';
import {
  isSealedPayload,
  sealedPayloadAad,
  type OpenedMessage,
  type SealedPayload,
  type SealedPayloadOpener,
} from './sealed-payload';
import { upcast } from './upcasters';
import { isDateFormat, isDateTimeFormat, isUuidFormat } from './event-formats';

/**
 * The schemas' validators, compiled on first use: compiling them took about 0.25 s of every process's
 * start, and many processes never decode an event (most of the CLI's commands among them).
 */
let compiled:
  { ajv: Ajv2020; message: ValidateFunction; payload: Map<PilotEventType, ValidateFunction> } | undefined;
function validators(): NonNullable<typeof compiled> {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  addFormats(ajv);
  ajv.addFormat('date', { type: 'string', validate: isDateFormat });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTimeFormat });
  ajv.addFormat('uuid', { type: 'string', validate: isUuidFormat });
  const payload = new Map(
    (Object.keys(EVENT_PAYLOAD_SCHEMAS) as PilotEventType[]).map((type) => [
      type,
      ajv.compile(EVENT_PAYLOAD_SCHEMAS[type][CURRENT_EVENT_VERSION[type]] ?? {}),
    ]),
  );
  compiled = { ajv, message: ajv.compile(EVENT_MESSAGE_SCHEMA), payload };
  return compiled;
}

export type DecodeResult = { ok: true; message: EventMessage } | { ok: false; reason: string };

/**
 * What a reader with the key store gets: the decoded message, or why not. With the message, the data
 * key its payload was opened with (`sealedWith`; null: it was in the clear; absent: not known, from an
 * opener that does not say). `erased`: the message is sound but its payload was sealed with a data key
 * since destroyed (the pilot erased the account); readers skip it as if it held nothing, and it is no
 * fault (no dead letter).
 */
export type OpenedDecodeResult =
  | { ok: true; message: EventMessage; sealedWith?: string | null }
  | { ok: false; reason: string }
  | { ok: false; erased: true; reason: string; message: Omit<EventMessage, 'payload'> };

type Parsed = { ok: true; message: EventMessage } | { ok: false; reason: string };

function parseMessage(value: Buffer | string | null): Parsed {
  if (value === null) return { ok: false, reason: 'empty message' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof value === 'string' ? value : value.toString('utf8'));
  } catch {
    return { ok: false, reason: 'message is not valid JSON' };
  }
  const { ajv, message } = validators();
  if (!message(parsed)) {
    return { ok: false, reason: `message: ${ajv.errorsText(message.errors)}` };
  }
  return { ok: true, message: parsed as EventMessage };
}

/**
 * Checks the (opened) payload against the schemas and upcasts it; `sealedWith`, when given, goes with
 * the message (OpenedDecodeResult).
 */
function checkPayload(message: EventMessage): DecodeResult;
function checkPayload(message: EventMessage, sealedWith: string | null | undefined): OpenedDecodeResult;
function checkPayload(message: EventMessage, sealedWith?: string | null): OpenedDecodeResult {
  let lifted: { version: number; payload: unknown };
  try {
    lifted = upcast(message.type, message.version, message.payload);
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  const { ajv, payload: validPayload } = validators();
  const check = validPayload.get(message.type);
  if (!check?.(lifted.payload)) {
    return { ok: false, reason: `${message.type} payload: ${ajv.errorsText(check?.errors)}` };
  }
  const payload = lifted.payload as { pilot_account_id: string };
  if (payload.pilot_account_id !== message.pilot_account_id) {
    return { ok: false, reason: 'payload pilot_account_id differs from the message key' };
  }
  const decoded = { ...message, version: lifted.version, payload } as EventMessage;
  return sealedWith === undefined
    ? { ok: true, message: decoded }
    : { ok: true, message: decoded, sealedWith };
}

/**
 * The message checked as an envelope only: its payload is as published (sealed, for the pilots'
 * logbook events), neither opened nor checked, for readers of ids, streams and positions. Never throws.
 */
export function decodeEventEnvelope(value: Buffer | string | null): DecodeResult {
  return parseMessage(value);
}

/**
 * Parses, checks against the schemas and upcasts a message from the topic. Never throws. A sealed
 * payload is not opened here (see decodeEventMessages): such a message is refused.
 */
export function decodeEventMessage(value: Buffer | string | null): DecodeResult {
  const parsed = parseMessage(value);
  if (!parsed.ok) return parsed;
  if (isSealedPayload(parsed.message.payload)) {
    return {
      ok: false,
      reason: `${parsed.message.type} payload is sealed: read it with decodeEventMessages`,
    };
  }
  return checkPayload(parsed.message);
}

/**
 * The one seam every reader of events goes through: parses each message, opens its payload when it is
 * sealed (the keys of the whole batch read at once), then checks and upcasts it as decodeEventMessage
 * does. Plaintext payloads (stored before sealing existed) are read as they are. Never throws.
 */
export async function decodeEventMessages(
  values: readonly (Buffer | string | null)[],
  opener: SealedPayloadOpener,
): Promise<OpenedDecodeResult[]> {
  const whole = await opener.openMessages?.(values);
  if (whole) return whole.map(decodeOpenedMessage);
  const parsed = values.map(parseMessage);
  const sealed: { at: number; message: EventMessage & { payload: SealedPayload } }[] = [];
  parsed.forEach((p, at) => {
    if (p.ok && isSealedPayload(p.message.payload)) {
      sealed.push({ at, message: p.message as EventMessage & { payload: SealedPayload } });
    }
  });
  /** Each sealed message's payload opened (null: its key is destroyed; an Error: it does not open), and its key. */
  const opened = new Map<number, { payload: unknown; keyId: string }>();
  if (sealed.length > 0) {
    await opener.load(sealed.map(({ message }) => message.payload.sealed.key_id));
    // Opened all at once: the opener may do it off the event loop.
    const values = await opener.openMany(
      sealed.map(({ message }) => ({ box: message.payload.sealed, aad: sealedPayloadAad(message) })),
    );
    sealed.forEach(({ at, message }, i) =>
      opened.set(at, { payload: values[i], keyId: message.payload.sealed.key_id }),
    );
  }
  return parsed.map((p, at): OpenedDecodeResult => {
    if (!p.ok) return p;
    const { message } = p;
    const sealedOne = opened.get(at);
    if (sealedOne === undefined) return checkPayload(message, null);
    if (message.payload.pilot_account_id !== message.pilot_account_id) {
      return { ok: false, reason: 'payload pilot_account_id differs from the message key' };
    }
    const { payload, keyId } = sealedOne;
    if (payload instanceof Error) {
      return { ok: false, reason: `${message.type} payload does not open: ${payload.message}` };
    }
    if (payload === null) return erasedResult(message);
    return checkPayload({ ...message, payload: payload as EventMessage['payload'] }, keyId);
  });
}

/** A sound message whose payload's data key is destroyed: its head, without the sealed payload. */
function erasedResult(message: EventMessage): OpenedDecodeResult {
  const { payload: _sealed, ...head } = message;
  return { ok: false, erased: true, reason: 'the data key of the payload is destroyed', message: head };
}

/** A message the opener opened whole: read as any message, or as the opener found it. */
function decodeOpenedMessage(opened: OpenedMessage): OpenedDecodeResult {
  const parsed = parseMessage(opened.text);
  if (!parsed.ok) return parsed;
  if ('failure' in opened) return { ok: false, reason: opened.failure };
  if ('erased' in opened) return erasedResult(parsed.message);
  return checkPayload(parsed.message, opened.sealedWith);
}

export const isErased = (
  result: OpenedDecodeResult,
): result is Extract<OpenedDecodeResult, { erased: true }> => !result.ok && 'erased' in result;
