import { FLIGHT_MINUTE_FIELDS, type Flight } from '@pft/contracts';
import { parseFlight } from '../flights/flight.rules';
import { csvRecord, readCsvRecords } from './csv-text';

/**
 * The logbook as CSV (docs/logbook-csv.md): one flight a row, in the columns below, in this order
 * when written; read back by column name, in any order.
 */
export const LOGBOOK_CSV_COLUMNS = [
  'flight_id',
  'date',
  'kind',
  'category',
  'rating_key',
  'registration',
  'departure',
  'arrival',
  ...FLIGHT_MINUTE_FIELDS,
  'day_landings',
  'night_landings',
  'type_designator',
  'engine',
  'features',
  'day_takeoffs',
  'night_takeoffs',
  'day_full_stop_landings',
  'night_full_stop_landings',
  'approaches',
  'holds',
  'remarks',
] as const;

export type LogbookCsvColumn = (typeof LOGBOOK_CSV_COLUMNS)[number];

/** The columns a file must have; every other one may be left out (its cells read as empty). */
const REQUIRED_COLUMNS: readonly LogbookCsvColumn[] = ['date', 'category'];

/** A problem with one row, or with the header (row 1), named by its column where there is one. */
export interface LogbookCsvProblem {
  /** The line of the file the row starts on, 1-based (the header is line 1). */
  line: number;
  column?: string;
  message: string;
}

export interface LogbookCsvRead {
  /** Every row that is a valid flight, in file order. */
  flights: Flight[];
  /** Every problem, in file order; a row with problems is left out of `flights`. */
  problems: LogbookCsvProblem[];
  /** Rows read (valid or not), the header not counted. */
  rows: number;
}

/** A number cell: empty for a field left out. */
const countCell = (value: number | undefined): string => (value === undefined ? '' : String(value));

const cellsOf = (flight: Flight): Record<LogbookCsvColumn, string> => {
  const minutes = Object.fromEntries(FLIGHT_MINUTE_FIELDS.map((f) => [f, String(flight.minutes[f])]));
  const { aircraft, landings, takeoffs } = flight;
  return {
    flight_id: flight.flight_id,
    date: flight.date,
    kind: flight.kind,
    category: flight.aircraft.category,
    rating_key: flight.aircraft.rating_key ?? '',
    registration: flight.aircraft.registration ?? '',
    departure: flight.departure ?? '',
    arrival: flight.arrival ?? '',
    ...(minutes as Record<(typeof FLIGHT_MINUTE_FIELDS)[number], string>),
    day_landings: String(flight.landings.day),
    night_landings: String(flight.landings.night),
    type_designator: aircraft.type_designator ?? '',
    engine: aircraft.engine ?? '',
    features: aircraft.features?.join(' ') ?? '',
    day_takeoffs: countCell(takeoffs?.day),
    night_takeoffs: countCell(takeoffs?.night),
    day_full_stop_landings: countCell(landings.day_full_stop),
    night_full_stop_landings: countCell(landings.night_full_stop),
    approaches: countCell(flight.approaches),
    holds: countCell(flight.holds),
    remarks: flight.remarks ?? '',
  };
};

/** The flights as CSV text: a header, then one row per flight, CRLF after every row. */
export function formatLogbookCsv(flights: readonly Flight[]): string {
  const rows = flights.map((flight) => {
    const cells = cellsOf(flight);
    return csvRecord(LOGBOOK_CSV_COLUMNS.map((column) => cells[column]));
  });
  return [csvRecord(LOGBOOK_CSV_COLUMNS), ...rows].map((row) => `${row}\r\n`).join('');
}

/**
 * The column a flight rule's JSON path concerns (`minutes.pic` is `pic`, `landings.day` is
 * `day_landings`, `takeoffs.night` is `night_takeoffs`, `aircraft.features[2]` is `features`).
 */
export function columnOf(field: string): string | undefined {
  if (field === 'minutes') return undefined;
  if (field.startsWith('landings.')) return `${field.slice('landings.'.length)}_landings`;
  if (field.startsWith('takeoffs.')) return `${field.slice('takeoffs.'.length)}_takeoffs`;
  const last = field.slice(field.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '');
  return (LOGBOOK_CSV_COLUMNS as readonly string[]).includes(last) ? last : undefined;
}

const WHOLE_NUMBER = /^\d{1,7}$/;

/** One row's cells as the flight body of the pilot app API, or the cells that are not numbers. */
function bodyOf(
  value: (column: LogbookCsvColumn) => string,
  written: (column: LogbookCsvColumn) => string,
  flightId: string,
): { body: Record<string, unknown>; problems: { column: string; message: string }[] } {
  const problems: { column: string; message: string }[] = [];
  const number = (column: LogbookCsvColumn): number | undefined => {
    const cell = value(column);
    if (cell === '') return undefined;
    if (!WHOLE_NUMBER.test(cell)) {
      problems.push({ column, message: 'must be a whole number' });
      return undefined;
    }
    return Number(cell);
  };
  const optional = (column: LogbookCsvColumn): string | undefined => value(column) || undefined;
  // Free text as written: the export quotes a cell with spaces at either end, and they are the pilot's.
  const asWritten = (column: LogbookCsvColumn): string | undefined => written(column) || undefined;
  const minutes: Record<string, number> = {};
  for (const field of FLIGHT_MINUTE_FIELDS) {
    const n = number(field);
    if (n !== undefined) minutes[field] = n;
  }
  const landings: Record<string, number> = {};
  const day = number('day_landings');
  const night = number('night_landings');
  if (day !== undefined) landings.day = day;
  if (night !== undefined) landings.night = night;
  const dayFullStops = number('day_full_stop_landings');
  const nightFullStops = number('night_full_stop_landings');
  if (dayFullStops !== undefined) landings.day_full_stop = dayFullStops;
  if (nightFullStops !== undefined) landings.night_full_stop = nightFullStops;
  // Both takeoffs cells empty: no takeoffs; one of them: the flight rules ask for the other.
  const takeoffs: Record<string, number> = {};
  const dayTakeoffs = number('day_takeoffs');
  const nightTakeoffs = number('night_takeoffs');
  if (dayTakeoffs !== undefined) takeoffs.day = dayTakeoffs;
  if (nightTakeoffs !== undefined) takeoffs.night = nightTakeoffs;
  const features = value('features');
  const aircraft = {
    category: optional('category'),
    rating_key: optional('rating_key'),
    registration: optional('registration') && asWritten('registration'),
    type_designator: optional('type_designator'),
    engine: optional('engine'),
    features: features === '' ? undefined : features.split(/\s+/),
  };
  const body = {
    flight_id: flightId,
    date: value('date'),
    kind: optional('kind') ?? 'flight',
    aircraft: Object.fromEntries(Object.entries(aircraft).filter(([, v]) => v !== undefined)),
    departure: optional('departure'),
    arrival: optional('arrival'),
    minutes,
    takeoffs: Object.keys(takeoffs).length > 0 ? takeoffs : undefined,
    landings,
    approaches: number('approaches'),
    holds: number('holds'),
    remarks: asWritten('remarks'),
  };
  return {
    body: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    problems,
  };
}

/**
 * Reads CSV text into flights of the pilot app API, each row checked by the same flight rules the API
 * applies. `today` (`YYYY-MM-DD`, UTC) bounds the dates; `newFlightId` names a row whose `flight_id`
 * cell is empty (the caller's UUID source: this code has no randomness).
 */
export function readLogbookCsv(text: string, today: string, newFlightId: () => string): LogbookCsvRead {
  const { records, error } = readCsvRecords(text);
  const problems: LogbookCsvProblem[] = [];
  const [header, ...rows] = records;
  if (!header) {
    return { flights: [], problems: [error ?? { line: 1, message: 'the file is empty' }], rows: 0 };
  }
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const known = LOGBOOK_CSV_COLUMNS as readonly string[];
  for (const name of names) {
    if (!known.includes(name)) problems.push({ line: 1, column: name, message: 'is not a known column' });
  }
  for (const name of REQUIRED_COLUMNS) {
    if (!names.includes(name)) problems.push({ line: 1, column: name, message: 'column is missing' });
  }
  if (new Set(names).size !== names.length) problems.push({ line: 1, message: 'a column is named twice' });
  if (problems.length > 0) return { flights: [], problems, rows: rows.length };

  const flights: Flight[] = [];
  for (const row of rows) {
    if (row.cells.length !== names.length) {
      problems.push({
        line: row.line,
        message: `has ${row.cells.length} cells where the header has ${names.length}`,
      });
      continue;
    }
    const written = (column: LogbookCsvColumn): string => {
      const index = names.indexOf(column);
      return index < 0 ? '' : row.cells[index]!;
    };
    const value = (column: LogbookCsvColumn): string => written(column).trim();
    const { body, problems: cellProblems } = bodyOf(value, written, value('flight_id') || newFlightId());
    const parsed = parseFlight(body, today);
    const ruleProblems = parsed.ok
      ? []
      : parsed.issues
          .map((issue) => ({ column: columnOf(issue.field), message: issue.message }))
          .filter((p) => !cellProblems.some((c) => c.column === p.column));
    const rowProblems = [...cellProblems, ...ruleProblems];
    if (rowProblems.length > 0 || !parsed.ok) {
      for (const p of rowProblems) {
        problems.push(
          p.column
            ? { line: row.line, column: p.column, message: p.message }
            : { line: row.line, message: p.message },
        );
      }
    } else flights.push(parsed.value);
  }
  if (error) problems.push(error);
  return { flights, problems, rows: rows.length };
}
