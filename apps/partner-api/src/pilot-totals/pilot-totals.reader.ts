import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TOTALS_FIELDS, type PilotTotals } from '@pft/contracts';
import { ACTIVE_TOTALS_VIEW } from '@pft/infrastructure/projections/projection-tables';
import { readPilotTotals } from '@pft/infrastructure/projections/pilot-totals.read-model';

/** One element of the partner API's 2.4. */
export interface PilotTotalsView extends PilotTotals {
  pilot_id: string;
  last_updated: string;
}

const NO_TOTALS: PilotTotals = Object.freeze({
  totals: Object.freeze(Object.fromEntries(TOTALS_FIELDS.map((f) => [f, 0])) as PilotTotals['totals']),
  landings: Object.freeze({ total_day: 0, total_night: 0 }),
  rating_breakdown: Object.freeze({}),
  flight_count: 0,
  last_flight_date: null,
});

/** Connections of the caller joined with the active projection: connection and totals in one round trip. */
const READ_SQL = `
  select c.connection_id::text as pilot_id, v.*
    from connections c
    left join ${ACTIVE_TOTALS_VIEW} v on v.pilot_account_id = c.pilot_account_id
   where c.connection_id = any($1::uuid[]) and c.partner_id = $2 and c.disconnected_at is null`;

type JoinedRow = { pilot_id: string; pilot_account_id: string | null } & Record<string, unknown>;

/**
 * Totals of the pilots a partner may read. A `pilot_id` resolves only through an active connection
 * owned by the calling partner, read from `connections` on every request, so a disconnect is effective
 * the moment it returns. Ids that do not resolve are left out.
 */
@Injectable()
export class PilotTotalsReader {
  constructor(private readonly dataSource: DataSource) {}

  /** In the order of `pilotIds` (lower-case, distinct), without those that do not resolve. */
  async read(partnerId: string, pilotIds: readonly string[]): Promise<PilotTotalsView[]> {
    const rows = await this.dataSource.query<JoinedRow[]>(READ_SQL, [pilotIds, partnerId]);
    if (rows.length === 0) return [];
    const projectedRows = rows.filter((row) => row.pilot_account_id !== null);
    // The read model turns rows of the active view into totals; it is handed the rows this query
    // already holds (every column of the view) instead of reading them again in a second round trip.
    const projected = await readPilotTotals(
      { query: () => Promise.resolve(projectedRows) },
      projectedRows.map((row) => row.pilot_account_id!),
    );
    const byPilot = new Map(rows.map((row) => [row.pilot_id, row.pilot_account_id]));
    const now = new Date().toISOString();
    const views: PilotTotalsView[] = [];
    for (const pilotId of pilotIds) {
      if (!byPilot.has(pilotId)) continue;
      const account = byPilot.get(pilotId);
      const found = account ? projected.get(account) : undefined;
      // Linked, but nothing projected yet (no events): its totals are zero as of now.
      views.push(
        found
          ? { pilot_id: pilotId, last_updated: found.lastUpdated.toISOString(), ...found.totals }
          : { pilot_id: pilotId, last_updated: now, ...NO_TOTALS },
      );
    }
    return views;
  }
}
