import { type ImportRead, type ImportView } from '@pft/logbook/domain';
import { computeTotals } from '@pft/totals/domain';

/** The problems an answer lists at most, the first in file order (`logbook-import.md` 2). */
export const MAX_PROBLEMS_SHOWN = 1_000;

/** The answer for an import read with the pilot's choices: the totals its valid flights would add. */
export function importView(importId: string, status: ImportView['status'], read: ImportRead): ImportView {
  return {
    import_id: importId,
    format: read.format,
    status,
    rows: read.rows,
    flights_valid: read.flights.length,
    problems: read.problems.slice(0, MAX_PROBLEMS_SHOWN),
    problems_total: read.problems.length,
    unused_columns: read.unused_columns,
    aircraft: read.aircraft,
    columns: read.columns,
    date_order: read.date_order,
    time_unit: read.time_unit,
    delimiter: read.delimiter,
    date_range: read.date_range,
    rules_applied: read.rules_applied,
    totals: computeTotals(
      read.flights.map((f) => f.flight),
      null,
    ).totals,
    ready: read.ready,
  };
}
