import { type ExperienceSharingChanged } from '@pft/contracts';

/** What a connection shares: the lifetime totals always, the pilot's experience when the pilot says so. */
export type SharedData = 'totals' | 'experience';

/** A connection's `shared`, as the pilot app and the partner API list it. */
export function sharedData(sharesExperience: boolean): SharedData[] {
  return sharesExperience ? ['totals', 'experience'] : ['totals'];
}

/** A connection as a change of its sharing is decided on. */
export interface SharingConnection {
  connection_id: string;
  partner_id: string;
  pilot_account_id: string;
  shares_experience: boolean;
}

/**
 * Sets whether the connection shares the pilot's experience: ExperienceSharingChanged when that changes
 * it, nothing when it already is so (no event, no webhook).
 */
export function decideExperienceSharing(
  connection: SharingConnection,
  shareExperience: boolean,
  at: string,
): ExperienceSharingChanged[] {
  if (connection.shares_experience === shareExperience) return [];
  return [
    {
      type: 'ExperienceSharingChanged',
      version: 1,
      payload: {
        pilot_account_id: connection.pilot_account_id,
        partner_id: connection.partner_id,
        connection_id: connection.connection_id,
        share_experience: shareExperience,
        changed_at: at,
      },
    },
  ];
}
