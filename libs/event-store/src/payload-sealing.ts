import { type SealedPayload, type SealedPayloadOpener } from '@pft/contracts/events/sealed-payload';
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
