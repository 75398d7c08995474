import { ENTERED_TOTALS_FIELDS, type EnteredTotalsField, type PilotTotals } from '@pft/contracts';
import { pilotTotalsOf } from '../domain/pilot-totals.fold';
import { type EnteredTotals, type Sums } from '../domain/flight-contribution';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { ACTIVE_TOTALS_VIEW } from '../projection/projection-tables';

export type { Queryable } from '@pft/platform/database/queryable';

export { rowsOf } from '@pft/platform/database/rows-of';

export interface ProjectedPilotTotals {
  totals: PilotTotals;
  /** The time up to which this pilot's projection is known complete (partner API `last_updated`). */
  lastUpdated: Date;
}

type Row = Record<EnteredTotalsField, string> & {
  pilot_account_id: string;
  total_day: string;
  total_night: string;
  flight_count: string;
  last_flight_date: string | null;
  last_updated: Date;
  rating_breakdown: Record<string, string | number>;
};

const READ_SQL = `select * from ${ACTIVE_TOTALS_VIEW} where pilot_account_id = any($1::uuid[])`;

/**
 * Reads the active version of the pilot totals projection for up to a few dozen pilots in one
 * query. A pilot without a projected row is absent from the map. Ids are matched in lower case.
 */
export async function readPilotTotals(
  queryable: Queryable,
  pilotAccountIds: readonly string[],
): Promise<Map<string, ProjectedPilotTotals>> {
  const result = new Map<string, ProjectedPilotTotals>();
  if (pilotAccountIds.length === 0) return result;
  const rows = rowsOf<Row>(await queryable.query(READ_SQL, [pilotAccountIds.map((id) => id.toLowerCase())]));
  for (const row of rows)
    result.set(row.pilot_account_id, { totals: toPilotTotals(row), lastUpdated: row.last_updated });
  return result;
}

function toPilotTotals(row: Row): PilotTotals {
  const sums: Sums = {
    totals: Object.fromEntries(ENTERED_TOTALS_FIELDS.map((f) => [f, Number(row[f])])) as EnteredTotals,
    total_day: Number(row.total_day),
    total_night: Number(row.total_night),
    flight_count: Number(row.flight_count),
    rating_breakdown: Object.fromEntries(
      Object.entries(row.rating_breakdown).map(([key, minutes]) => [key, Number(minutes)]),
    ),
  };
  return pilotTotalsOf(sums, row.last_flight_date === null ? null : `${row.last_flight_date}T00:00:00.000Z`);
}
