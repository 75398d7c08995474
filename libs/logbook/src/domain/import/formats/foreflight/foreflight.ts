import { type AircraftFacts } from '../../aircraft/aircraft-facts';
import { type ImportProblem } from '../../import.types';
import { type CsvRecord } from '../../text/split-records';
import { Header } from '../header';
import { type ParsedFile } from '../parsed-file';
import { foreflightAircraft } from './foreflight-aircraft';
import { foreflightColumns, foreflightFlight } from './foreflight-flights';

export const FOREFLIGHT_FIRST_CELL = 'ForeFlight Logbook Import';

/** The template's row of data types under a header (`Text`, `Date`, `Decimal or HH:MM`, ...). */
const DATA_TYPE =
  /^(text|date|datetime|time|decimal|number|integer|boolean|hh:mm|decimal or hh:mm|packed detail)\b/i;

const isBlank = (record: CsvRecord): boolean => record.cells.every((c) => c.trim() === '');
const isDataTypeRow = (record: CsvRecord): boolean => {
  const cells = record.cells.map((c) => c.trim()).filter((c) => c !== '');
  return cells.length > 0 && cells.every((c) => DATA_TYPE.test(c));
};

/** The records of a section: its header, then its rows up to the next section title. */
function section(records: readonly CsvRecord[], title: string): { header?: CsvRecord; rows: CsvRecord[] } {
  const start = records.findIndex((r) => r.cells[0]?.trim().toLowerCase() === title.toLowerCase());
  if (start < 0) return { rows: [] };
  const rest = records.slice(start + 1).filter((r) => !isBlank(r));
  const end = rest.findIndex((r) => /^(aircraft|flights) table$/i.test(r.cells[0]?.trim() ?? ''));
  const [header, ...rows] = end < 0 ? rest : rest.slice(0, end);
  return { header, rows: rows.filter((r) => !isDataTypeRow(r)) };
}

/**
 * ForeFlight's logbook CSV (`logbook-import.md` 1.1): an Aircraft Table and a Flights Table, each a
 * header and, in the template, a row of data types that is skipped. Dates are `YYYY-MM-DD`; each
 * time cell is decimal hours or `H:MM`.
 */
export function parseForeflight(records: readonly CsvRecord[]): ParsedFile {
  const problems: ImportProblem[] = [];
  const aircraftSection = section(records, 'Aircraft Table');
  const flightsSection = section(records, 'Flights Table');
  const aircraft = new Map<string, AircraftFacts>();
  const unusedColumns: string[] = [];
  if (aircraftSection.header) {
    const header = new Header(aircraftSection.header.cells);
    for (const record of aircraftSection.rows) {
      const facts = foreflightAircraft(record, header);
      if (facts.source !== '' && !aircraft.has(facts.source)) aircraft.set(facts.source, facts);
    }
    unusedColumns.push(...header.unusedColumns().map((c) => `Aircraft Table: ${c}`));
  } else problems.push({ line: 1, issue: 'missing_section', message: 'the file has no Aircraft Table' });
  if (!flightsSection.header) {
    problems.push({ line: 1, issue: 'missing_section', message: 'the file has no Flights Table' });
    return { rows: [], aircraft, unusedColumns, columns: {}, problems, dateOrder: 'ymd' };
  }
  const header = new Header(flightsSection.header.cells);
  for (const column of ['Date', 'AircraftID', 'TotalTime']) {
    if (!header.has(column)) {
      problems.push({
        line: flightsSection.header.line,
        column,
        issue: 'missing_column',
        message: 'column is missing',
      });
    }
  }
  const columns = foreflightColumns(header);
  const rows =
    problems.length > 0 ? [] : flightsSection.rows.map((record) => foreflightFlight(record, header, columns));
  unusedColumns.push(...header.unusedColumns());
  return { rows, aircraft, unusedColumns, columns, problems, dateOrder: 'ymd' };
}
