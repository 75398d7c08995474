import { type Queryable } from '@pft/platform';
import { rowsOf } from '@pft/platform/database/rows-of';
import { isUuid } from '@pft/contracts';

/**
 * Ends a connection at `at`: the one statement for it, whether the pilot disconnects in the pilot app
 * or a sandbox simulation does it for the pilot. The caller has the row locked and the event decided,
 * in the same transaction.
 */
export async function endConnection(runner: Queryable, connectionId: string, at: string): Promise<void> {
  await runner.query('update connections set disconnected_at = $2 where connection_id = $1', [
    connectionId,
    at,
  ]);
}

/**
 * Sets whether the connection shares the pilot's experience, and when the pilot said so
 * (`connections.sharing_stated_at`): the one statement for it, whether the pilot changes it (`statedAt`
 * null: now, by the database's clock) or a re-link with a code does (the code's issue). Run whenever
 * the pilot says it, a change or not: a re-link with a code issued before then changes nothing. The
 * caller has the row locked and the event decided, in the same transaction.
 */
export async function setExperienceSharing(
  runner: Queryable,
  connectionId: string,
  shareExperience: boolean,
  statedAt: Date | null = null,
): Promise<void> {
  await runner.query(
    `update connections set shares_experience = $2,
            sharing_stated_at = coalesce($3::timestamptz, statement_timestamp())
      where connection_id = $1`,
    [connectionId, shareExperience, statedAt],
  );
}

/** Whether a partner's `pilot_id` resolves to an active connection, and what it shares. */
export type ExperienceSharing =
  | { state: 'not_linked' }
  | { state: 'not_shared'; pilotAccountId: string }
  | { state: 'shared'; pilotAccountId: string };

/**
 * Whether the partner's `pilot_id` resolves to an active connection, and whether that connection
 * shares the pilot's experience: what an experience read or a requirement check decides on before
 * anything else (`not_linked`: 404 PILOT_NOT_FOUND; `not_shared`: 403 EXPERIENCE_NOT_SHARED). Read from
 * `connections` itself, never from a cache: a withdrawal or a disconnect is refused from the moment its
 * request has answered, on every replica.
 */
export async function experienceSharingOf(
  db: Queryable,
  partnerId: string,
  pilotId: string,
): Promise<ExperienceSharing> {
  if (!isUuid(pilotId)) return { state: 'not_linked' };
  const [row] = rowsOf<{ pilot_account_id: string; shares_experience: boolean }>(
    await db.query(
      `select pilot_account_id::text as pilot_account_id, shares_experience from connections
        where connection_id = $1 and partner_id = $2 and disconnected_at is null`,
      [pilotId, partnerId],
    ),
  );
  if (!row) return { state: 'not_linked' };
  return { state: row.shares_experience ? 'shared' : 'not_shared', pilotAccountId: row.pilot_account_id };
}
