import { type ExperienceSharingChanged, type PilotLinked } from '@pft/contracts';
import { decideExperienceSharing, type SharingConnection } from '@pft/partners/domain';

/** What a link is decided on, read with the pilot's consent stream locked. */
export interface LinkState {
  /** The code is unused and unexpired. */
  redeemable: boolean;
  /** What the code says a link made with it shares beyond the lifetime totals (a sandbox code: always). */
  shareExperience: boolean;
  /** The pilot's active connection to the partner: one per partner and pilot. */
  activeConnection: SharingConnection | undefined;
  /** The transaction's time, when the connection is made. */
  now: Date;
}

export type LinkDecision =
  { events: (PilotLinked | ExperienceSharingChanged)[]; pilotId: string } | { rejected: 'INVALID_TOKEN' };

/**
 * The pilot's connection to the partner: the active one if there is one, else a new one with
 * `newConnectionId`, recorded as PilotLinked. A reconnect after a disconnect gets a new id. Either way
 * it shares what the code says: a new link says so in PilotLinked (no event of its own); an active
 * connection that shared otherwise changes with ExperienceSharingChanged.
 */
export function decideLink(
  state: LinkState,
  partnerId: string,
  pilotAccountId: string,
  newConnectionId: string,
): LinkDecision {
  if (!state.redeemable) return { rejected: 'INVALID_TOKEN' };
  const active = state.activeConnection;
  if (active !== undefined) {
    return {
      events: decideExperienceSharing(active, state.shareExperience, state.now.toISOString()),
      pilotId: active.connection_id,
    };
  }
  return {
    events: [
      {
        type: 'PilotLinked',
        version: 2,
        payload: {
          pilot_account_id: pilotAccountId,
          partner_id: partnerId,
          connection_id: newConnectionId,
          linked_at: state.now.toISOString(),
          share_experience: state.shareExperience,
        },
      },
    ],
    pilotId: newConnectionId,
  };
}

/** Whether the decision withdrew the experience an active connection shared. */
export const withdrawsSharing = (events: readonly (PilotLinked | ExperienceSharingChanged)[]): boolean =>
  events.some((e) => e.type === 'ExperienceSharingChanged' && !e.payload.share_experience);
