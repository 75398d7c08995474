import { type Flight, type StartingTotals } from '../logbook';

/**
 * The event catalog. Each event is named in the past tense, has a literal `type` and a `version`,
 * and never changes meaning: a changed payload is a new version plus an upcaster (see upcasters.ts).
 */

/** Version 2 (richer flight records) lets the flight carry its optional new fields; version 1 cannot. */
export interface FlightRecorded {
  type: 'FlightRecorded';
  version: 2;
  payload: { pilot_account_id: string; flight: Flight };
}

export interface FlightAmended {
  type: 'FlightAmended';
  version: 2;
  /** The whole flight after the amendment; it replaces the earlier one. */
  payload: { pilot_account_id: string; flight: Flight };
}

export interface FlightDeleted {
  type: 'FlightDeleted';
  version: 1;
  payload: { pilot_account_id: string; flight_id: string };
}

export interface StartingTotalsSet {
  type: 'StartingTotalsSet';
  version: 1;
  /** Replaces the earlier starting totals whole. */
  payload: { pilot_account_id: string; starting_totals: StartingTotals };
}

/** Version 2 says whether a link made with the code shares the pilot's experience; version 1 never did. */
export interface LinkingCodeIssued {
  type: 'LinkingCodeIssued';
  version: 2;
  /** Never the code itself: `code_hash` is its SHA-256, hex. */
  payload: { pilot_account_id: string; code_hash: string; expires_at: string; share_experience: boolean };
}

/** Version 2 says whether the connection shares the pilot's experience (what its code said). */
export interface PilotLinked {
  type: 'PilotLinked';
  version: 2;
  payload: {
    pilot_account_id: string;
    partner_id: string;
    connection_id: string;
    linked_at: string;
    share_experience: boolean;
  };
}

/** The pilot started or stopped sharing their experience with a connected partner. */
export interface ExperienceSharingChanged {
  type: 'ExperienceSharingChanged';
  version: 1;
  payload: {
    pilot_account_id: string;
    partner_id: string;
    connection_id: string;
    share_experience: boolean;
    changed_at: string;
  };
}

export interface PilotDisconnected {
  type: 'PilotDisconnected';
  version: 1;
  payload: { pilot_account_id: string; partner_id: string; connection_id: string; disconnected_at: string };
}

/**
 * The pilot erased their account: everything earlier in the logbook stream counts no more (its data key
 * is destroyed, so it cannot be read either), and readers drop what they derived from it. The same
 * account may start again after it, from nothing. Holds no personal data, so it is stored in the clear.
 */
export interface AccountErased {
  type: 'AccountErased';
  version: 1;
  payload: { pilot_account_id: string; erased_at: string };
}

/** Events of a pilot's logbook stream: what the totals are folded from. */
export type LogbookEvent = FlightRecorded | FlightAmended | FlightDeleted | StartingTotalsSet | AccountErased;
/** Events of consent streams: linking codes and connections. */
export type ConsentEvent = LinkingCodeIssued | PilotLinked | PilotDisconnected | ExperienceSharingChanged;
export type PilotEvent = LogbookEvent | ConsentEvent;
export type PilotEventType = PilotEvent['type'];

export const LOGBOOK_EVENT_TYPES = [
  'FlightRecorded',
  'FlightAmended',
  'FlightDeleted',
  'StartingTotalsSet',
  'AccountErased',
] as const;
export const CONSENT_EVENT_TYPES = [
  'LinkingCodeIssued',
  'PilotLinked',
  'PilotDisconnected',
  'ExperienceSharingChanged',
] as const;

/** The current version of each event type: what writers append and what upcasters lift older ones to. */
export const CURRENT_EVENT_VERSION: Record<PilotEventType, number> = {
  FlightRecorded: 2,
  FlightAmended: 2,
  FlightDeleted: 1,
  StartingTotalsSet: 1,
  AccountErased: 1,
  LinkingCodeIssued: 2,
  PilotLinked: 2,
  PilotDisconnected: 1,
  ExperienceSharingChanged: 1,
};

export function isLogbookEvent(event: PilotEvent): event is LogbookEvent {
  return (LOGBOOK_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Stream ids: one logbook stream per pilot account; consent events in their own stream per account. */
export const logbookStreamId = (pilotAccountId: string): string => `logbook-${pilotAccountId}`;
export const consentStreamId = (pilotAccountId: string): string => `consent-${pilotAccountId}`;
