import {
  type ExperienceSharingChanged,
  type LinkingCodeIssued,
  type PilotDisconnected,
} from '@pft/contracts';
import { decideExperienceSharing } from '@pft/partners/domain';

/** Codes a pilot may hold at once that are neither used nor expired. */
export const MAX_OPEN_LINKING_CODES = 10;

export type ConsentRejection =
  { rejected: 'RATE_LIMITED'; message: string } | { rejected: 'CONNECTION_NOT_FOUND'; message: string };

/** Issues a code unless the pilot already holds the maximum of open ones. */
export function decideIssueLinkingCode(
  openCodes: number,
  pilot: string,
  codeHashHex: string,
  expiresAt: string,
  shareExperience: boolean,
): LinkingCodeIssued[] | ConsentRejection {
  if (openCodes >= MAX_OPEN_LINKING_CODES) {
    return {
      rejected: 'RATE_LIMITED',
      message: `at most ${MAX_OPEN_LINKING_CODES} unexpired linking codes at a time`,
    };
  }
  return [
    {
      type: 'LinkingCodeIssued',
      version: 2,
      payload: {
        pilot_account_id: pilot,
        code_hash: codeHashHex,
        expires_at: expiresAt,
        share_experience: shareExperience,
      },
    },
  ];
}

export interface ActiveConnection {
  connection_id: string;
  partner_id: string;
  pilot_account_id: string;
  disconnected_at: string | null;
  shares_experience: boolean;
}

const NO_SUCH_CONNECTION: ConsentRejection = {
  rejected: 'CONNECTION_NOT_FOUND',
  message: 'no such connection',
};

/** The connection when it is an active one of this pilot: anything else is unknown to them. */
function ownActive(connection: ActiveConnection | undefined, pilot: string): connection is ActiveConnection {
  return (
    connection !== undefined && connection.pilot_account_id === pilot && connection.disconnected_at === null
  );
}

/**
 * Sets what an active connection of this pilot shares: ExperienceSharingChanged when it changes, no
 * event when it already shares so; anything else is unknown to them.
 */
export function decideSharing(
  connection: ActiveConnection | undefined,
  pilot: string,
  shareExperience: boolean,
  now: string,
): ExperienceSharingChanged[] | ConsentRejection {
  if (!ownActive(connection, pilot)) return NO_SUCH_CONNECTION;
  return decideExperienceSharing(connection, shareExperience, now);
}

/** Disconnects an active connection of this pilot; anything else is unknown to them. */
export function decideDisconnect(
  connection: ActiveConnection | undefined,
  pilot: string,
  now: string,
): PilotDisconnected[] | ConsentRejection {
  if (!ownActive(connection, pilot)) return NO_SUCH_CONNECTION;
  return [
    {
      type: 'PilotDisconnected',
      version: 1,
      payload: {
        pilot_account_id: pilot,
        partner_id: connection.partner_id,
        connection_id: connection.connection_id,
        disconnected_at: now,
      },
    },
  ];
}
