import { type PilotLinked } from '@pft/contracts';

/** What a link is decided on, read with the pilot's consent stream locked. */
export interface LinkState {
  /** The code is unused and unexpired. */
  redeemable: boolean;
  /** The pilot's active connection to the partner: one per partner and pilot. */
  activeConnectionId: string | undefined;
  /** The transaction's time, when the connection is made. */
  now: Date;
}

export type LinkDecision = { events: PilotLinked[]; pilotId: string } | { rejected: 'INVALID_TOKEN' };

/**
 * The pilot's connection to the partner: the active one if there is one, else a new one with
 * `newConnectionId`, recorded as PilotLinked. A reconnect after a disconnect gets a new id.
 */
export function decideLink(
  state: LinkState,
  partnerId: string,
  pilotAccountId: string,
  newConnectionId: string,
): LinkDecision {
  if (!state.redeemable) return { rejected: 'INVALID_TOKEN' };
  if (state.activeConnectionId !== undefined) return { events: [], pilotId: state.activeConnectionId };
  return {
    events: [
      {
        type: 'PilotLinked',
        version: 1,
        payload: {
          pilot_account_id: pilotAccountId,
          partner_id: partnerId,
          connection_id: newConnectionId,
          linked_at: state.now.toISOString(),
        },
      },
    ],
    pilotId: newConnectionId,
  };
}
