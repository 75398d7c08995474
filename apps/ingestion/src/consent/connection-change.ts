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
  /** The change's events for the connection as stored (undefined: none has the id), or its refusal. */
  decide(connection: ActiveConnection | undefined): E[] | ConsentRejection;
  /** The write-side rows that follow from the events, in the same transaction. */
  project(tx: Queryable, events: readonly E[]): Promise<void>;
}

/**
 * Records `change` in the pilot's consent stream, the connection read locked for update; a refusal
 * answers the request with its code. The events appended.
 */
export async function changeConnection<E extends NewEvent>(
  pipeline: CommandPipeline,
  consent: ConsentRepository,
  change: ConnectionChange<E>,
): Promise<readonly E[]> {
  const { events } = await pipeline.handle({
    streamId: consentStreamId(change.pilot),
    metadata: { request_id: change.requestId },
    load: (tx) =>
      isUuid(change.connectionId)
        ? consent.connectionForUpdate(tx, change.connectionId)
        : Promise.resolve(undefined),
    decide: (connection) => {
      const decision = change.decide(connection);
      if (isConsentRejection(decision)) throw consentError(decision);
      return { events: decision };
    },
    project: (tx, decided) => change.project(tx, decided.events),
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
