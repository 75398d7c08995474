import {
  FLIGHT_MINUTE_FIELDS,
  type AircraftFeature,
  type AircraftCategory,
  type EngineKind,
} from '@pft/contracts';
import { LOGBOOK_CSV_COLUMNS } from '../../logbook-csv/logbook-csv';
import { type ImportProblem } from '../import.types';
import { COUNT_FIELDS, readCount, type SourceRow } from '../records/source-row';
import { type CsvRecord } from '../text/split-records';
import { Header } from './header';
import { type ParsedFile } from './parsed-file';

/** True when every column of the header is one of this service's own CSV, `date` and `category` among them. */
export function isPftHeader(cells: readonly string[]): boolean {
  const names = cells.map((c) => c.trim().toLowerCase());
  const known = LOGBOOK_CSV_COLUMNS as readonly string[];
  return names.includes('date') && names.includes('category') && names.every((n) => known.includes(n));
}

/**
 * This service's own CSV (`docs/logbook-csv.md`): each row names its aircraft, rating and kind, and
 * its times in whole minutes; the `flight_id` cell, when a UUID, stays the flight's id.
 */
export function parsePft(records: readonly CsvRecord[]): ParsedFile {
  const [first, ...data] = records;
  const header = new Header(first!.cells);
  const problems: ImportProblem[] = [];
  for (const column of ['date', 'category']) {
    if (!header.has(column))
      problems.push({ line: first!.line, column, issue: 'missing_column', message: 'column is missing' });
  }
  const columns: Record<string, string> = {};
  for (const column of LOGBOOK_CSV_COLUMNS) {
    const found = header.column(column);
    if (found !== undefined) columns[column] = found;
  }
  // A missing column refuses the file as a whole: none of its rows is read.
  const rows = problems.length > 0 ? [] : data.map((record) => pftRow(record, header, columns));
  return {
    rows,
    aircraft: new Map(),
    unusedColumns: header.unusedColumns(),
    columns,
    problems,
    dateOrder: 'ymd',
    timeUnit: 'minutes',
  };
}

function pftRow(record: CsvRecord, header: Header, columns: Record<string, string>): SourceRow {
  const problems: ImportProblem[] = [];
  const { line } = record;
  if (record.cells.length !== header.names.length) {
    problems.push({
      line,
      issue: 'cell_count',
      message: `has ${record.cells.length} cells where the header has ${header.names.length}`,
    });
  }
  const text = (column: string): string => header.text(record, column);
  const optional = (column: string): string | undefined => text(column) || undefined;
  // Free text as written: the export quotes a cell with spaces at either end, and they are the pilot's.
  const asWritten = (column: string): string | undefined => header.written(record, column) || undefined;
  const times: SourceRow['times'] = {};
  for (const field of FLIGHT_MINUTE_FIELDS) {
    const cell = header.cell(record, field);
    if (cell) times[field] = cell;
  }
  const counts: SourceRow['counts'] = {};
  for (const field of COUNT_FIELDS) {
    const n = readCount(header.cell(record, field), line, problems);
    if (n !== undefined) counts[field] = n;
  }
  const features = text('features');
  const registration = optional('registration');
  const writtenRegistration = asWritten('registration');
  return {
    line,
    source: registration ?? '',
    date: header.cell(record, 'date')!,
    sourceId: optional('flight_id'),
    departure: optional('departure'),
    arrival: optional('arrival'),
    remarks: asWritten('remarks'),
    times,
    counts,
    columnOf: columns,
    unused: header.unusedCells(record),
    problems,
    kind: (optional('kind') ?? 'flight') as SourceRow['kind'],
    aircraft: {
      category: text('category') as AircraftCategory,
      ...(optional('rating_key') ? { rating_key: text('rating_key') } : {}),
      ...(registration ? { registration: writtenRegistration } : {}),
      ...(optional('type_designator') ? { type_designator: text('type_designator') } : {}),
      ...(optional('engine') ? { engine: text('engine') as EngineKind } : {}),
      ...(features ? { features: features.split(/\s+/) as AircraftFeature[] } : {}),
    },
    timeUnit: 'minutes',
  };
}
