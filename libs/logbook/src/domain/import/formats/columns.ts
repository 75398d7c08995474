import { FLIGHT_MINUTE_FIELDS, TYPE_DESIGNATOR_PATTERN, type FlightMinuteField } from '@pft/contracts';
import { categoryAndClass, engineOf, type AircraftFacts } from '../aircraft/aircraft-facts';
import { LOGBOOK_CSV_COLUMNS } from '../../logbook-csv/logbook-csv';
import { type ImportProblem } from '../import.types';
import { COUNT_FIELDS, readCount, type SourceRow } from '../records/source-row';
import { type CsvRecord } from '../text/split-records';
import { Header } from './header';
import { type ParsedFile } from './parsed-file';

const TYPE_DESIGNATOR = new RegExp(TYPE_DESIGNATOR_PATTERN);

/** Header names other logbooks give our columns, tried when the pilot has not mapped a column. */
const USUAL_NAMES: Partial<Record<string, string[]>> = {
  date: ['Date', 'Flight Date'],
  registration: ['Registration', 'Tail Number', 'AircraftID', 'Aircraft ID', 'Aircraft'],
  type_designator: ['Type', 'Aircraft Type', 'TypeCode', 'ICAO Model'],
  category: ['Category', 'Class', 'Category/Class'],
  departure: ['From', 'Departure'],
  arrival: ['To', 'Arrival'],
  total_flight_time: ['Total', 'Total Time', 'TotalTime', 'Total Flight Time', 'Duration'],
  pic: ['PIC'],
  sic: ['SIC'],
  dual: ['Dual', 'Dual Received', 'DualReceived'],
  instructor: ['CFI', 'Dual Given', 'DualGiven', 'Instructor'],
  cross_country: ['XC', 'Cross Country', 'CrossCountry', 'X-Country'],
  night: ['Night'],
  actual_instrument: ['Actual Instrument', 'ActualInstrument', 'IMC'],
  simulated_instrument: ['Simulated Instrument', 'SimulatedInstrument', 'Hood'],
  simulator: ['Simulator', 'Ground Simulator', 'SimulatedFlight'],
  day_landings: ['Day Landings'],
  night_landings: ['Night Landings'],
  approaches: ['Approaches'],
  holds: ['Holds'],
  remarks: ['Remarks', 'Comments'],
};

/**
 * Our columns a file of other columns maps (`kind`, `flight_id` and the minutes' unit come from
 * elsewhere): the fields of the choices' `columns`.
 */
export const MAPPABLE_COLUMNS: readonly string[] = LOGBOOK_CSV_COLUMNS.filter(
  (c) => c !== 'flight_id' && c !== 'kind',
);

/**
 * The mapping: the pilot's choice for a column (none when the pilot said the file has none), else a
 * header named as ours or as other logbooks name it.
 */
export function mapColumns(header: Header, chosen: Record<string, string | null>): Record<string, string> {
  const columns: Record<string, string> = {};
  for (const field of MAPPABLE_COLUMNS) {
    const choice = chosen[field];
    if (choice === null) continue;
    const found =
      choice !== undefined ? header.column(choice) : header.column(field, ...(USUAL_NAMES[field] ?? []));
    if (found !== undefined) columns[field] = found;
  }
  return columns;
}

/**
 * Any other CSV or tab-separated file with a header row: read through the column mapping. Its
 * times are in the unit the pilot declares (or the one its cells show), its dates in the order the
 * pilot declares (or the one they settle); the aircraft is the `registration` column's.
 */
export function parseColumns(
  records: readonly CsvRecord[],
  chosen: Record<string, string | null>,
): ParsedFile {
  const [first, ...data] = records;
  const header = new Header(first!.cells);
  const columns = mapColumns(header, chosen);
  const problems: ImportProblem[] = [];
  for (const [field, column] of Object.entries(chosen)) {
    if (column !== null && !header.has(column))
      problems.push({
        line: first!.line,
        column,
        issue: 'unknown_column',
        message: `is not a column of the file (mapped to ${field})`,
      });
  }
  for (const field of ['date', 'total_flight_time']) {
    if (!columns[field])
      problems.push({
        line: first!.line,
        column: field,
        issue: 'column_not_mapped',
        message: 'no column of the file is mapped to it',
      });
  }
  const aircraft = new Map<string, AircraftFacts>();
  if (problems.length > 0)
    return { rows: [], aircraft, unusedColumns: header.unusedColumns(), columns, problems };
  const at = (record: CsvRecord, field: string) =>
    columns[field] ? header.cell(record, columns[field]) : undefined;
  const text = (record: CsvRecord, field: string): string => at(record, field)?.value ?? '';
  const timeCells: string[] = [];
  const rows = data.map((record): SourceRow => {
    const { line } = record;
    const rowProblems: ImportProblem[] = header.extraCells(record);
    const source = text(record, 'registration');
    if (!aircraft.has(source)) aircraft.set(source, columnsAircraft(source, record, text));
    const times: SourceRow['times'] = {};
    for (const field of FLIGHT_MINUTE_FIELDS.filter(
      (f): f is Exclude<FlightMinuteField, 'simulator'> => f !== 'simulator',
    )) {
      const cell = at(record, field);
      if (cell) {
        times[field] = cell;
        timeCells.push(cell.value);
      }
    }
    const counts: SourceRow['counts'] = {};
    for (const field of COUNT_FIELDS) {
      const n = readCount(at(record, field), line, rowProblems);
      if (n !== undefined) counts[field] = n;
    }
    const row: SourceRow = {
      line,
      source,
      date: at(record, 'date')!,
      times,
      counts,
      columnOf: columns,
      unused: header.unusedCells(record),
      problems: rowProblems,
    };
    const simulator = at(record, 'simulator');
    if (simulator) row.simulatorTime = simulator;
    if (source) row.registration = source;
    for (const field of ['departure', 'arrival', 'remarks'] as const)
      if (text(record, field)) row[field] = text(record, field);
    return row;
  });
  return { rows, aircraft, unusedColumns: header.unusedColumns(), columns, problems, timeCells };
}

/** What the mapped columns say of the row's aircraft: category or class, rating, type and engine. */
function columnsAircraft(
  source: string,
  record: CsvRecord,
  text: (record: CsvRecord, field: string) => string,
): AircraftFacts {
  const designator = text(record, 'type_designator').toUpperCase();
  const engine = engineOf(text(record, 'engine'));
  const ratingKey = text(record, 'rating_key');
  return {
    source,
    ...(TYPE_DESIGNATOR.test(designator) ? { type_designator: designator } : {}),
    ...categoryAndClass(text(record, 'category')),
    ...(ratingKey ? { category: 'airplane' as const, classRatingKey: ratingKey } : {}),
    ...(engine ? { engine } : {}),
    engineNamed: engine !== undefined,
    features: [],
    simulatorDevice: false,
  };
}
