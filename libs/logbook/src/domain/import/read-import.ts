import { proposeAircraft } from './aircraft/propose-aircraft';
import { type AircraftFacts } from './aircraft/aircraft-facts';
import { RouteRanks } from './ids/flight-id';
import {
  type ImportAircraftEntry,
  type ImportFormat,
  type ImportInput,
  type ImportRead,
  type ImportResult,
  type ImportedFlight,
  type ImportProblem,
  type ProposedAircraft,
  READING_CHOICES,
} from './import.types';
import { buildFlight, type RowContext } from './records/build-flight';
import { type SourceRow } from './records/source-row';
import { RuleNotes } from './records/rule-notes';
import { parseColumns } from './formats/columns';
import { detectFormat } from './formats/detect-format';
import { parseForeflight } from './formats/foreflight/foreflight';
import { parseMyflightbook } from './formats/myflightbook';
import { type ParsedFile } from './formats/parsed-file';
import { parsePft } from './formats/pft';
import { decodeFile } from './text/decode-file';
import { MAX_IMPORT_ROWS } from './text/file-bounds';
import { detectDelimiter, splitRecords, type CsvRecord } from './text/split-records';
import { detectDateOrder, readDate } from './units/dates';
import { detectTimeUnit } from './units/times';

function parseAs(format: ImportFormat, records: readonly CsvRecord[], input: ImportInput): ParsedFile {
  switch (format) {
    case 'pft':
      return parsePft(records);
    case 'foreflight':
      return parseForeflight(records);
    case 'myflightbook':
      return parseMyflightbook(records);
    case 'columns':
      return parseColumns(records, input.choices?.columns ?? {});
  }
}

/** The aircraft of the preview: each source, what the file proposes, what the pilot chose, its rows. */
function aircraftEntries(file: ParsedFile, input: ImportInput): ImportAircraftEntry[] {
  const rowsOf = new Map<string, number>();
  const statedOf = new Map<string, NonNullable<SourceRow['aircraft']>>();
  for (const row of file.rows) {
    rowsOf.set(row.source, (rowsOf.get(row.source) ?? 0) + 1);
    if (row.aircraft && !statedOf.has(row.source)) statedOf.set(row.source, row.aircraft);
  }
  const sources = [...new Set([...file.aircraft.keys(), ...rowsOf.keys()])];
  return sources.map((source) => {
    const facts = file.aircraft.get(source);
    const stated = statedOf.get(source);
    let proposed: ProposedAircraft | null = facts ? proposeAircraft(facts, input.typeRatingOf) : null;
    if (stated) {
      const { registration: _registration, ...aircraft } = stated;
      proposed = { ...aircraft, guessed: false };
    }
    return {
      source,
      make_model: facts?.make_model ?? null,
      type_designator: facts?.type_designator ?? stated?.type_designator ?? null,
      proposed,
      chosen: input.choices?.aircraft?.[source] ?? null,
      flights: rowsOf.get(source) ?? 0,
    };
  });
}

/**
 * Reads a logbook file with the pilot's choices and returns what the preview shows: the flights of
 * the valid rows, each refused row's problems, the unused columns, the aircraft and their proposed
 * ratings, how the file was read, and the rules applied. Pure: the same input gives the same answer,
 * the same flight ids included. A file past the bounds, binary or not a table, is refused as a whole.
 */
export function readImport(input: ImportInput): ImportResult {
  const decoded = decodeFile(input.bytes);
  if (!decoded.ok) return decoded;
  const delimiter = detectDelimiter(decoded.text);
  let split = splitRecords(decoded.text, delimiter);
  if (!split.ok) return split;
  const format = !input.format || input.format === 'auto' ? detectFormat(split.records) : input.format;
  // This service's own CSV takes off the one `'` its export writes before a formula-like cell.
  if (format === 'pft') split = splitRecords(decoded.text, delimiter, true);
  if (!split.ok) return split;
  // Every record but the header is a row, but in ForeFlight's file, whose rows are counted once read.
  const tooMany = (rows: number): ImportResult => ({
    ok: false,
    refusal: {
      code: 'IMPORT_TOO_LARGE',
      issue: 'too_many_rows',
      message: `the file has ${rows} rows, over ${MAX_IMPORT_ROWS}`,
    },
  });
  if (format !== 'foreflight' && split.records.length - 1 > MAX_IMPORT_ROWS)
    return tooMany(split.records.length - 1);
  const file = parseAs(format, split.records, input);
  if (file.rows.length > MAX_IMPORT_ROWS) return tooMany(file.rows.length);
  return { ok: true, value: readRows(format, split.delimiter, file, input) };
}

function readRows(
  format: ImportFormat,
  delimiter: ImportRead['delimiter'],
  file: ParsedFile,
  input: ImportInput,
): ImportRead {
  const choices = input.choices ?? {};
  const problems: ImportProblem[] = [...file.problems];
  // A choice the format does not take changes nothing (the choices API refuses one).
  const takes = READING_CHOICES[format];
  const chosenOrder = takes.includes('date_order') ? choices.date_order : undefined;
  const chosenUnit = takes.includes('time_unit') ? choices.time_unit : undefined;
  const dateOrder = file.dateOrder ?? chosenOrder ?? detectDateOrder(file.rows.map((r) => r.date.value));
  const timeUnit =
    file.timeUnit ?? chosenUnit ?? (file.timeCells ? detectTimeUnit(file.timeCells) : undefined);
  if (!dateOrder && file.rows.length > 0) {
    problems.push({
      line: 1,
      column: file.columns.date ?? 'date',
      issue: 'date_order_unknown',
      message: 'the dates could be month first or day first: choose the date order',
    });
  }
  if (!timeUnit && file.timeCells && file.rows.length > 0) {
    problems.push({
      line: 1,
      column: file.columns.total_flight_time ?? 'total_flight_time',
      issue: 'time_unit_unknown',
      message: 'the times could be hours or minutes: choose the time unit',
    });
  }
  const aircraft = aircraftEntries(file, input);
  const flights: ImportedFlight[] = [];
  const notes = new RuleNotes();
  const settled = dateOrder !== undefined && (timeUnit !== undefined || !file.timeCells);
  if (settled) {
    const byId = new Map(aircraft.map((a) => [a.source, a]));
    const context: RowContext = {
      format,
      pilotAccountId: input.pilotAccountId,
      today: input.today,
      dateOrder,
      timeUnit,
      unusedToRemarks: choices.unused_columns_to_remarks === true,
      aircraftOf: (source) => aircraftOf(byId.get(source), file.aircraft.get(source)),
    };
    const ranks = new RouteRanks();
    const lineOfId = new Map<string, number>();
    for (const row of file.rows) {
      const date = readDate(row.date.value, dateOrder) ?? row.date.value.trim();
      const rank = ranks.next(date, row.source, row.departure ?? '', row.arrival ?? '');
      const read = buildFlight(row, context, rank);
      problems.push(...read.problems);
      if (!read.flight) continue;
      const id = read.flight.flight.flight_id;
      const first = lineOfId.get(id);
      if (first !== undefined) {
        problems.push(repeatedFlight(row.line, first, ID_COLUMNS[format]));
        continue;
      }
      lineOfId.set(id, row.line);
      flights.push(read.flight);
      notes.add(row.line, read.notes);
    }
  }
  problems.sort((a, b) => a.line - b.line);
  const dates = flights.map((f) => f.flight.date).sort();
  const ready =
    aircraft.every((a) => a.flights === 0 || a.proposed !== null || a.chosen !== null) &&
    (format === 'pft' || (file.columns.date !== undefined && file.columns.total_flight_time !== undefined)) &&
    settled &&
    flights.length > 0;
  return {
    format,
    delimiter,
    rows: file.rows.length,
    flights,
    problems,
    unused_columns: file.unusedColumns,
    aircraft,
    columns: file.columns,
    date_order: dateOrder ?? null,
    time_unit: timeUnit ?? (format === 'foreflight' || format === 'myflightbook' ? unitSeen(file) : null),
    rules_applied: notes.applied(),
    date_range: dates.length > 0 ? { from: dates[0]!, to: dates[dates.length - 1]! } : null,
    ready,
  };
}

/**
 * The aircraft a source's rows are recorded with: the pilot's choice over what the file describes (its
 * type designator, engine and features stay unless the choice names its own), else the proposal.
 */
function aircraftOf(entry: ImportAircraftEntry | undefined, facts: AircraftFacts | undefined) {
  const described = {
    ...(facts?.type_designator ? { type_designator: facts.type_designator } : {}),
    ...(facts?.engine ? { engine: facts.engine } : {}),
    ...(facts && facts.features.length > 0 ? { features: facts.features } : {}),
  };
  const chosen = entry?.chosen ? { ...described, ...entry.chosen } : null;
  const proposed = entry?.proposed ? (({ guessed: _guessed, ...rest }) => rest)(entry.proposed) : null;
  return {
    aircraft: chosen ?? proposed,
    ...(facts?.airplaneClass ? { airplaneClass: facts.airplaneClass } : {}),
    simulatorDevice: facts?.simulatorDevice ?? false,
  };
}

/** ForeFlight and MyFlightbook read each time cell by its form; the preview names the form they show. */
/** The column of each format that gives a row its flight id, where one does. */
const ID_COLUMNS: Partial<Record<ImportFormat, string>> = { pft: 'flight_id', myflightbook: 'Flight ID' };

/**
 * A row whose flight id an earlier row of the file has (a `pft` file's `flight_id` or MyFlightbook's
 * `Flight ID` twice): the flight is the earlier row's, and this row is left out.
 */
function repeatedFlight(line: number, first: number, idColumn: string | undefined): ImportProblem {
  return {
    line,
    ...(idColumn ? { column: idColumn } : {}),
    issue: 'duplicate_flight',
    message: `repeats the flight id of line ${first}: only line ${first} is imported`,
  };
}

function unitSeen(file: ParsedFile): 'h_mm' | 'decimal_hours' {
  const cells = file.rows.flatMap((r) => Object.values(r.times).map((c) => c.value));
  return detectTimeUnit(cells) === 'h_mm' ? 'h_mm' : 'decimal_hours';
}
