import { type PilotEvent } from '@pft/contracts/events/pilot-events';
import {
  isSealedEventType,
  sealedPayloadOf,
  type SealedPayload,
  type SealedPayloadOpener,
} from '@pft/contracts/events/sealed-payload';
import { type Queryable } from '@pft/platform/database/queryable';

/**
 * A subject's payloads sealed for one append, with one key: `keyId`, which the append statement checks
 * still exists (`require_data_key`) when it writes them.
 */
export interface SubjectSealing {
  readonly keyId: string;
  /** The payload sealed, bound by `aad` to the event that holds it. */
  seal(payload: unknown, aad: string): SealedPayload['sealed'];
}

/**
 * How the store seals the payloads of the pilots' events (SEALED_EVENT_TYPES): a port the privacy
 * library implements with its data keys, so the store knows no keys itself.
 */
export interface PayloadSealer {
  /**
   * How to seal the subject's payloads, its key made when it has none, in the caller's transaction.
   * A key remembered may have been destroyed since: the append finds out, and calls forgetSubject.
   */
  sealingFor(runner: Queryable, subject: string): Promise<SubjectSealing>;
  /** The key an append sealed with is gone: whatever is remembered of the subject's keys is dropped. */
  forgetSubject(subject: string): void;
}

/** How the store's readers open sealed payloads: a port the privacy library implements. */
export interface PayloadOpener {
  /** An opener of sealed payloads that reads the keys it needs through `runner`. */
  openerOn(runner: Queryable): SealedPayloadOpener;
}

/** What sealing reads of an event appended (a NewEvent): its type and its payload. */
type SealableEvent = Pick<PilotEvent, 'type' | 'payload'>;

/** The pilot whose data key seals these events' payloads; undefined when none of them is sealed. */
export function sealedPilotOf(events: readonly SealableEvent[]): string | undefined {
  const pilots = new Set(
    events.filter((e) => isSealedEventType(e.type)).map((e) => e.payload.pilot_account_id),
  );
  if (pilots.size > 1) throw new Error('one append seals the payloads of one pilot only');
  return [...pilots][0];
}

/** How the pilot's payloads are sealed for one append; undefined when none of its events is sealed. */
export async function sealingOf(
  runner: Queryable,
  sealedPilot: string | undefined,
  sealer: PayloadSealer | undefined,
): Promise<SubjectSealing | undefined> {
  if (sealedPilot === undefined) return undefined;
  if (!sealer) throw new Error('an append of sealed events needs a PayloadSealer (AppendOptions.sealer)');
  return sealer.sealingFor(runner, sealedPilot);
}

/**
 * The payload as stored: sealed with the pilot's data key when its type describes the pilot
 * (SEALED_EVENT_TYPES), bound to its event by the associated data; as it is otherwise.
 */
export function storedPayload(
  e: SealableEvent,
  head: { event_id: string; schema_version: number },
  sealing: SubjectSealing | undefined,
): PilotEvent['payload'] | SealedPayload {
  if (!sealing || !isSealedEventType(e.type)) return e.payload;
  return sealedPayloadOf(
    { event_id: head.event_id, type: e.type, version: head.schema_version },
    e.payload,
    (payload, aad) => sealing.seal(payload, aad),
  );
}
