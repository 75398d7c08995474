import { randomUUID } from 'node:crypto';
import { type Queryable } from '@pft/platform';

/**
 * Inserts, in the test database of `db`, a connection of a pilot (a new one unless `pilot` is given)
 * to the partner `partnerId`, linked now, sharing experience unless `shares` is false; the pilot's
 * account id and the connection's id.
 */
export async function connectedPilot(
  db: Queryable,
  partnerId: string,
  { shares = true, pilot = randomUUID() }: { shares?: boolean; pilot?: string } = {},
): Promise<{ pilot: string; id: string }> {
  const id = randomUUID();
  await db.query(
    `insert into connections (connection_id, partner_id, pilot_account_id, linked_at, shares_experience)
     values ($1, $2, $3, now(), $4)`,
    [id, partnerId, pilot, shares],
  );
  return { pilot, id };
}
