import { type FlightKind, type FlightMinuteField } from '@pft/contracts';
import { type ImportAircraft, type ImportProblem, type TimeUnit } from '../import.types';

/** A cell and the source column it came from. */
export interface SourceCell {
  column: string;
  value: string;
}

export const COUNT_FIELDS = [
  'day_landings',
  'night_landings',
  'day_full_stop_landings',
  'night_full_stop_landings',
  'day_takeoffs',
  'night_takeoffs',
  'approaches',
  'holds',
] as const;
export type CountField = (typeof COUNT_FIELDS)[number];

/**
 * One row of a file as a format's parser reads it, before the pilot's choices and the flight rules:
 * dates and times still as written (their order and unit may be the pilot's to say), counts already
 * worked out (each format adds its landings and approaches its own way).
 */
export interface SourceRow {
  line: number;
  /** The source aircraft: the name the file gives it. */
  source: string;
  date: SourceCell;
  /** The file's own id of the flight (MyFlightbook's `Flight ID`, the `pft` file's `flight_id`). */
  sourceId?: string;
  departure?: string;
  arrival?: string;
  remarks?: string;
  registration?: string;
  times: Partial<Record<FlightMinuteField, SourceCell>>;
  /** ForeFlight's `SimulatedFlight`, MyFlightbook's `Ground Simulator`: above 0, a simulator session. */
  simulatorTime?: SourceCell;
  counts: Partial<Record<CountField, number>>;
  /** Where each of our columns (`docs/logbook-csv.md`) came from, to name the source column of a problem. */
  columnOf: Partial<Record<string, string>>;
  /** The non-empty cells of columns the import does not use, for remarks when the pilot asks. */
  unused: SourceCell[];
  /** Problems the parser found in the row's cells. */
  problems: ImportProblem[];
  /** A `pft` row names its own aircraft and kind; other rows take them from their source aircraft. */
  aircraft?: ImportAircraft & { registration?: string };
  kind?: FlightKind;
  /** The unit of this row's time cells; absent: the file's unit, else each cell by its form. */
  timeUnit?: TimeUnit;
}

/** A problem with one cell of a row. */
export const cellProblem = (line: number, column: string, issue: string, message: string): ImportProblem => ({
  line,
  column,
  issue,
  message,
});

const COUNT = /^\d{1,7}$/;

/**
 * A count cell (landings, takeoffs, holds): empty is undefined; not a whole number, a problem.
 * `TRUE`/`FALSE` are 1 and 0 where `booleans` is set (MyFlightbook's `Hold`).
 */
export function readCount(
  cell: SourceCell | undefined,
  line: number,
  problems: ImportProblem[],
  booleans = false,
): number | undefined {
  const value = cell?.value.trim() ?? '';
  if (!cell || value === '') return undefined;
  if (booleans && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true' ? 1 : 0;
  if (COUNT.test(value)) return Number(value);
  problems.push(cellProblem(line, cell.column, 'invalid_number', 'must be a whole number'));
  return undefined;
}
