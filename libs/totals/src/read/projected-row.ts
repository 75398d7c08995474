import { ENTERED_TOTALS_FIELDS, type EnteredTotalsField, type PilotTotals } from '@pft/contracts';
import { pilotTotalsOf } from '../domain/pilot-totals.fold';
import { type EnteredTotals, type Sums } from '../domain/flight-contribution';

/** A row of the active pilot totals view (ACTIVE_TOTALS_VIEW), as Postgres gives it. */
export type ProjectedRow = Record<EnteredTotalsField, string> & {
  pilot_account_id: string;
  total_day: string;
  total_night: string;
  flight_count: string;
  last_flight_date: string | null;
  last_updated: Date;
  rating_breakdown: Record<string, string | number>;
};

/** The totals a row of the active view holds. */
export function projectedTotalsOf(row: ProjectedRow): PilotTotals {
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
