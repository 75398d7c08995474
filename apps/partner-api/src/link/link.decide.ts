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
  /**
   * Whether the code was issued after the pilot last said what the active connection shares (the code
   * that made or changed it, or the pilot's own change): only then does it decide what that connection
   * shares. A code the pilot gave before saying otherwise never overrides what they said since.
   */
  codeStatesSharing: boolean;
  /** When the code was issued: when the pilot said what a link made with it shares. */
  codeIssuedAt: Date;
  /** The transaction's time, when the connection is made. */
  now: Date;
}

/** What the pilot said, with a code, that the connection shares, and when. */
export interface SaidSharing {
  shareExperience: boolean;
  at: Date;
}

export type LinkDecision =
  | {
      events: (PilotLinked | ExperienceSharingChanged)[];
      pilotId: string;
      /** What the connection shares from now on as the pilot said it; null: as it was (an older code). */
      said: SaidSharing | null;
    }
  | { rejected: 'INVALID_TOKEN' };

/**
 * The pilot's connection to the partner: the active one if there is one, else a new one with
 * `newConnectionId`, recorded as PilotLinked. A reconnect after a disconnect gets a new id. A new link
 * shares what the code says, in PilotLinked (no event of its own); an active connection that shared
 * otherwise changes with ExperienceSharingChanged when the code was issued after the pilot last said
 * what it shares, and stays as it is otherwise.
 */
export function decideLink(
  state: LinkState,
  partnerId: string,
  pilotAccountId: string,
  newConnectionId: string,
): LinkDecision {
  if (!state.redeemable) return { rejected: 'INVALID_TOKEN' };
  const said = state.codeStatesSharing
    ? { shareExperience: state.shareExperience, at: state.codeIssuedAt }
    : null;
  const active = state.activeConnection;
  if (active !== undefined) {
    return {
      events: state.codeStatesSharing
        ? decideExperienceSharing(active, state.shareExperience, state.now.toISOString())
        : [],
      pilotId: active.connection_id,
      said,
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
    said,
  };
}

/** Whether the decision withdrew the experience an active connection shared. */
export const withdrawsSharing = (events: readonly (PilotLinked | ExperienceSharingChanged)[]): boolean =>
  events.some((e) => e.type === 'ExperienceSharingChanged' && !e.payload.share_experience);
