import { consentStreamId, isUuid } from '@pft/contracts';
import { type CommandPipeline, type NewEvent } from '@pft/event-store';
import { type Queryable } from '@pft/platform';
import { type PartnerReadRevision } from '@pft/totals';
import { type ActiveConnection, type ConsentRejection } from './consent.decide';
import { consentError, isConsentRejection } from './consent-rejection';
import { type ConsentRepository } from './consent.repository';

/** A change the pilot makes to one of their connections (a disconnect, what it shares). */
export interface ConnectionChange<E extends NewEvent> {
  pilot: string;
  connectionId: string;
  requestId: string;
  /**
   * The change's events for the connection as stored (undefined: none has the id), or its refusal;
   * `now` is the database's time, read under the consent stream lock: the change's time.
   */
  decide(connection: ActiveConnection | undefined, now: Date): E[] | ConsentRejection;
  /** The write-side rows that follow from the events, in the same transaction; `now` as decided on. */
  project(tx: Queryable, events: readonly E[], now: Date): Promise<void>;
}

/**
 * Records `change` in the pilot's consent stream, the connection read locked for update; a refusal
 * answers the request with its code. Dated by the database's clock, as links and linking codes are,
 * never by this replica's: a disconnect or a sharing change is never dated before the link or the
 * change that committed ahead of it (their webhooks and the access history keep that order). The
 * events appended.
 */
export async function changeConnection<E extends NewEvent>(
  pipeline: CommandPipeline,
  consent: ConsentRepository,
  change: ConnectionChange<E>,
): Promise<readonly E[]> {
  const { events } = await pipeline.handle({
    streamId: consentStreamId(change.pilot),
    metadata: { request_id: change.requestId },
    load: (tx) => consent.connectionForUpdate(tx, isUuid(change.connectionId) ? change.connectionId : null),
    decide: ({ connection, now }) => {
      const decision = change.decide(connection, now);
      if (isConsentRejection(decision)) throw consentError(decision);
      return { events: decision, now };
    },
    project: (tx, decided) => change.project(tx, decided.events, decided.now),
  });
  return events;
}

/**
 * Waits until every answer a partner API replica may hold in memory has expired
 * (PARTNER_TOTALS_CACHE_MS): what a change the replicas could not be told of needs before it answers.
 */
export function waitOutUntold(partnerReads: PartnerReadRevision): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, partnerReads.untoldWaitMs));
}
