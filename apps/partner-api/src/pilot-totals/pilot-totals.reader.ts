import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TOTALS_FIELDS, type PilotTotals } from '@pft/contracts';
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
    const rows = await this.dataSource.query<{ pilot_id: string; pilot_account_id: string }[]>(
      `select connection_id::text as pilot_id, pilot_account_id::text as pilot_account_id
         from connections
        where connection_id = any($1::uuid[]) and partner_id = $2 and disconnected_at is null`,
      [pilotIds, partnerId],
    );
    if (rows.length === 0) return [];
    const accountOf = new Map(rows.map((r) => [r.pilot_id, r.pilot_account_id]));
    const projected = await readPilotTotals(this.dataSource, [...new Set(accountOf.values())]);
    const now = new Date().toISOString();
    const views: PilotTotalsView[] = [];
    for (const pilotId of pilotIds) {
      const account = accountOf.get(pilotId);
      if (account === undefined) continue;
      const found = projected.get(account);
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
