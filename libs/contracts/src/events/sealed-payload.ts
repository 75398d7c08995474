import { type PilotEventType } from './pilot-events';

/**
 * The events whose payload describes the pilot (flights with their aircraft, airports and remarks,
 * minutes, starting totals): stored and published sealed with the pilot's data key (docs/privacy.md).
 * Consent events and AccountErased hold ids, hashes and times only and stay in the clear.
 */
export const SEALED_EVENT_TYPES: readonly PilotEventType[] = [
  'FlightRecorded',
  'FlightAmended',
  'FlightDeleted',
  'StartingTotalsSet',
];

export const isSealedEventType = (type: string): boolean =>
  (SEALED_EVENT_TYPES as readonly string[]).includes(type);

/**
 * A payload as stored and published when sealed: the pilot's id stays readable (it is the message key
 * anyway, and the relay reads it), the rest is AES-256-GCM ciphertext under the data key `key_id`.
 */
export interface SealedPayload {
  pilot_account_id: string;
  sealed: { alg: 'A256GCM'; key_id: string; data: string };
}

export function isSealedPayload(payload: unknown): payload is SealedPayload {
  const p = payload as Partial<SealedPayload> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.pilot_account_id === 'string' &&
    typeof p.sealed === 'object' &&
    p.sealed !== null &&
    p.sealed.alg === 'A256GCM' &&
    typeof p.sealed.key_id === 'string' &&
    typeof p.sealed.data === 'string'
  );
}

/**
 * The associated data a payload is sealed with: its event's id, type, version and pilot. A sealed
 * payload moved to another event, or under another pilot, does not open.
 */
export const sealedPayloadAad = (head: {
  event_id: string;
  type: string;
  version: number;
  pilot_account_id: string;
}): string => `pft-event:${head.event_id}:${head.type}:${head.version}:${head.pilot_account_id}`;

/**
 * `payload` as stored and published sealed for its event (`head`: its id, type and schema version), by
 * `seal` under sealedPayloadAad: the pilot's id kept readable beside the box.
 */
export function sealedPayloadOf(
  head: { event_id: string; type: string; version: number },
  payload: { pilot_account_id: string },
  seal: (payload: unknown, aad: string) => SealedPayload['sealed'],
): SealedPayload {
  const { pilot_account_id } = payload;
  return { pilot_account_id, sealed: seal(payload, sealedPayloadAad({ ...head, pilot_account_id })) };
}

/** Opens sealed payloads for a reader (keys read a batch at a time): implemented with the key store. */
export interface SealedPayloadOpener {
  load(keyIds: Iterable<string>): Promise<void>;
  /**
   * Each payload, in order; null where the pilot's key was destroyed (the account was erased), an Error
   * where it does not open. The keys of every box were loaded first.
   */
  openMany(requests: readonly { box: SealedPayload['sealed']; aad: string }[]): Promise<unknown[]>;
  /**
   * Optional: opens a batch of whole messages at once, off the reader's thread, with their keys read as
   * `load` reads them: each message's text with its payload in the clear (or as it came when it was not
   * sealed), or as it came with its key destroyed (`erased`) or why it does not open (`failure`).
   * Undefined when it leaves this batch to the reader (too few messages, none sealed, no thread).
   */
  openMessages?(values: readonly (Buffer | string | null)[]): Promise<OpenedMessage[] | undefined>;
}

/**
 * A message as SealedPayloadOpener.openMessages gives it back; `sealedWith`, when known, the data key
 * its payload was opened with (null: it was in the clear).
 */
export type OpenedMessage =
  | { text: Buffer | string | null; sealedWith?: string | null }
  | { text: string; erased: true }
  | { text: string; failure: string };
