import { type Flight, type PilotTotals, type StartingTotals } from '@pft/contracts';
import { computeTotals } from '@pft/domain';

interface Queryable {
  query<T>(sql: string, parameters?: unknown[]): Promise<T>;
}

/**
 * Totals computed live from the write-side tables (current flights and starting totals), for linked
 * pilots the projection has no row for yet: a pilot who imported a logbook and linked at once is
 * read exactly, not as zeros, and `last_updated` may then honestly be the time of the read.
 * One snapshot for both tables, so a concurrent change is seen whole or not at all.
 */
export async function computeLiveTotals(
  db: { transaction<T>(isolation: 'REPEATABLE READ', work: (tx: Queryable) => Promise<T>): Promise<T> },
  pilotAccountIds: readonly string[],
): Promise<Map<string, PilotTotals>> {
  if (pilotAccountIds.length === 0) return new Map();
  return db.transaction('REPEATABLE READ', async (tx) => {
    const flights = await tx.query<{ pilot_account_id: string; flight: Flight }[]>(
      `select pilot_account_id::text, flight from flights
        where pilot_account_id = any($1::uuid[]) and deleted_at is null`,
      [pilotAccountIds],
    );
    const starting = await tx.query<{ pilot_account_id: string; starting_totals: StartingTotals }[]>(
      `select pilot_account_id::text, starting_totals from starting_totals where pilot_account_id = any($1::uuid[])`,
      [pilotAccountIds],
    );
    const totals = new Map<string, PilotTotals>();
    for (const account of pilotAccountIds) {
      totals.set(
        account,
        computeTotals(
          flights.filter((row) => row.pilot_account_id === account).map((row) => row.flight),
          starting.find((row) => row.pilot_account_id === account)?.starting_totals ?? null,
        ),
      );
    }
    return totals;
  });
}
