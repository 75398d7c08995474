import { TYPE_DESIGNATOR_PATTERN, type FlightMinuteField } from '@pft/contracts';
import { categoryAndClass, type AircraftFacts } from '../aircraft/aircraft-facts';
import { type ImportProblem } from '../import.types';
import { cellProblem, readCount, type SourceCell, type SourceRow } from '../records/source-row';
import { type CsvRecord } from '../text/split-records';
import { Header } from './header';
import { type ParsedFile } from './parsed-file';

const TYPE_DESIGNATOR = new RegExp(TYPE_DESIGNATOR_PATTERN);

/** MyFlightbook's time columns (each may come as its `(HH:MM)` twin) and our minutes fields. */
const TIME_COLUMNS: [FlightMinuteField, string][] = [
  ['total_flight_time', 'Total Flight Time'],
  ['pic', 'PIC'],
  ['sic', 'SIC'],
  ['dual', 'Dual Received'],
  ['instructor', 'CFI'],
  ['cross_country', 'X-Country'],
  ['night', 'Night'],
  ['actual_instrument', 'IMC'],
  ['simulated_instrument', 'Simulated Instrument'],
];

/** True for MyFlightbook's export: its date, tail number and total time columns. */
export function isMyflightbookHeader(header: Header): boolean {
  return (
    header.has('Date') &&
    header.has('Tail Number') &&
    (header.has('Total Flight Time') || header.has('Total Flight Time (HH:MM)'))
  );
}

/** A time column or its `(HH:MM)` twin; both are marked as read. */
function timeCell(record: CsvRecord, header: Header, column: string): SourceCell | undefined {
  const twin = `${column} (HH:MM)`;
  const decimal = header.cell(record, column);
  const hMm = header.cell(record, twin);
  return decimal && (decimal.value !== '' || !hMm) ? decimal : hMm;
}

/** `Route`'s first and last airport: departure and arrival. */
function routeEnds(route: string): { departure?: string; arrival?: string } {
  const airports = route.split(/[\s,;>–-]+/).filter((a) => a !== '');
  if (airports.length === 0) return {};
  return { departure: airports[0]!, arrival: airports[airports.length - 1]! };
}

/**
 * Landings (`logbook-import.md` 1.2): night landings are the full-stop night landings, day landings
 * the rest; takeoffs when present, one part of the day missing taking as many as its landings.
 */
function countsOf(
  record: CsvRecord,
  header: Header,
  line: number,
  problems: ImportProblem[],
): SourceRow['counts'] {
  const count = (name: string, booleans = false): number | undefined =>
    readCount(header.cell(record, name), line, problems, booleans);
  const landings = count('Landings') ?? 0;
  const fsDay = count('FS Day Landings');
  const fsNight = count('FS Night Landings');
  const day = landings - (fsNight ?? 0);
  if (day < 0)
    problems.push(cellProblem(line, 'Landings', 'invalid_value', 'is fewer than the FS night landings'));
  const counts: SourceRow['counts'] = { day_landings: Math.max(day, 0), night_landings: fsNight ?? 0 };
  if (fsDay !== undefined) counts.day_full_stop_landings = fsDay;
  if (fsNight !== undefined) counts.night_full_stop_landings = fsNight;
  const dayTakeoffs = count('Day Takeoffs');
  const nightTakeoffs = count('Night Takeoffs');
  if (dayTakeoffs !== undefined || nightTakeoffs !== undefined) {
    counts.day_takeoffs = dayTakeoffs ?? counts.day_landings;
    counts.night_takeoffs = nightTakeoffs ?? counts.night_landings;
  }
  const approaches = count('Approaches');
  const holds = count('Hold', true);
  if (approaches !== undefined) counts.approaches = approaches;
  if (holds !== undefined) counts.holds = holds;
  return counts;
}

const COLUMNS: Record<string, string> = {
  date: 'Date',
  registration: 'Tail Number',
  type_designator: 'ICAO Model',
  category: 'Category/Class',
  departure: 'Route',
  arrival: 'Route',
  day_landings: 'Landings - FS Night Landings',
  night_landings: 'FS Night Landings',
  day_full_stop_landings: 'FS Day Landings',
  night_full_stop_landings: 'FS Night Landings',
  day_takeoffs: 'Day Takeoffs',
  night_takeoffs: 'Night Takeoffs',
  approaches: 'Approaches',
  holds: 'Hold',
  remarks: 'Comments',
};

/** MyFlightbook's CSV export, read by column name in any order (`logbook-import.md` 1.2). */
export function parseMyflightbook(records: readonly CsvRecord[]): ParsedFile {
  const [first, ...data] = records;
  const header = new Header(first!.cells);
  const columns: Record<string, string> = { ...COLUMNS };
  for (const [field, column] of TIME_COLUMNS) {
    if (header.has(column)) columns[field] = column;
    else if (header.has(`${column} (HH:MM)`)) columns[field] = `${column} (HH:MM)`;
  }
  const aircraft = new Map<string, AircraftFacts>();
  if (!isMyflightbookHeader(header)) {
    const problems = ['Date', 'Tail Number', 'Total Flight Time']
      .filter((c) => !header.has(c) && !header.has(`${c} (HH:MM)`))
      .map((column) => ({
        line: first!.line,
        column,
        issue: 'missing_column',
        message: 'column is missing',
      }));
    return { rows: [], aircraft, unusedColumns: header.unusedColumns(), columns: {}, problems };
  }
  const rows = data.map((record): SourceRow => {
    const { line } = record;
    const problems: ImportProblem[] = header.extraCells(record);
    const text = (name: string): string => header.text(record, name);
    const source = text('Tail Number');
    if (!aircraft.has(source)) {
      const designator = text('ICAO Model').toUpperCase();
      aircraft.set(source, {
        source,
        ...(text('Model') ? { make_model: text('Model') } : {}),
        ...(TYPE_DESIGNATOR.test(designator) ? { type_designator: designator } : {}),
        ...categoryAndClass(text('Category/Class')),
        engineNamed: false,
        features: [],
        simulatorDevice: false,
      });
    }
    const times: SourceRow['times'] = {};
    for (const [field, column] of TIME_COLUMNS) {
      const cell = timeCell(record, header, column);
      if (cell) times[field] = cell;
    }
    const row: SourceRow = {
      line,
      source,
      date: header.cell(record, 'Date')!,
      times,
      counts: countsOf(record, header, line, problems),
      columnOf: columns,
      unused: [],
      problems,
      ...routeEnds(text('Route')),
    };
    const simulatorTime = timeCell(record, header, 'Ground Simulator');
    if (simulatorTime) row.simulatorTime = simulatorTime;
    if (text('Flight ID')) row.sourceId = text('Flight ID');
    if (source) row.registration = source;
    if (text('Comments')) row.remarks = text('Comments');
    row.unused = header.unusedCells(record);
    return row;
  });
  const present = Object.fromEntries(
    Object.entries(columns).filter(([, column]) => column.split(' - ').every((c) => header.has(c))),
  );
  return { rows, aircraft, unusedColumns: header.unusedColumns(), columns: present, problems: [] };
}
