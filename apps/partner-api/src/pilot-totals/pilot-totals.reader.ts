import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type PilotTotals } from '@pft/contracts';
import { ACTIVE_TOTALS_VIEW } from '@pft/infrastructure/projections/projection-tables';
import { readPilotTotals } from '@pft/infrastructure/projections/pilot-totals.read-model';
import { computeLiveTotals } from './live-totals.reader';

/** One element of the partner API's 2.4. */
export interface PilotTotalsView extends PilotTotals {
  pilot_id: string;
  last_updated: string;
}

/** Connections of the caller joined with the active projection: connection and totals in one round trip. */
const READ_SQL = `
  select c.connection_id::text as pilot_id, c.pilot_account_id::text as account, v.*
    from connections c
    left join ${ACTIVE_TOTALS_VIEW} v on v.pilot_account_id = c.pilot_account_id
   where c.connection_id = any($1::uuid[]) and c.partner_id = $2 and c.disconnected_at is null`;

type JoinedRow = { pilot_id: string; account: string; pilot_account_id: string | null } & Record<
  string,
  unknown
>;

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
    // Linked, but not in the projection yet: computed live from the write side, as of now.
    const live = await computeLiveTotals(
      this.dataSource,
      rows.filter((row) => row.pilot_account_id === null).map((row) => row.account),
    );
    const byPilot = new Map(rows.map((row) => [row.pilot_id, row.account]));
    const now = new Date().toISOString();
    const views: PilotTotalsView[] = [];
    for (const pilotId of pilotIds) {
      const account = byPilot.get(pilotId);
      if (account === undefined) continue;
      const found = projected.get(account);
      const computed = live.get(account);
      if (found)
        views.push({ pilot_id: pilotId, last_updated: found.lastUpdated.toISOString(), ...found.totals });
      else if (computed) views.push({ pilot_id: pilotId, last_updated: now, ...computed });
    }
    return views;
  }
}
