import { type ImportFormat } from '../import.types';
import { type CsvRecord } from '../text/split-records';
import { FOREFLIGHT_FIRST_CELL } from './foreflight/foreflight';
import { Header } from './header';
import { isMyflightbookHeader } from './myflightbook';
import { isPftHeader } from './pft';

const firstCell = (record: CsvRecord | undefined): string => record?.cells[0]?.trim().toLowerCase() ?? '';

/**
 * The format of a file (`logbook-import.md` 1): ForeFlight by its first cell or its two section
 * titles, this service's CSV by its header, MyFlightbook by its header names; else `columns`.
 */
export function detectFormat(records: readonly CsvRecord[]): ImportFormat {
  const first = records[0];
  if (firstCell(first) === FOREFLIGHT_FIRST_CELL.toLowerCase()) return 'foreflight';
  const titles = new Set(records.map((r) => firstCell(r)));
  if (titles.has('aircraft table') && titles.has('flights table')) return 'foreflight';
  if (!first) return 'columns';
  if (isPftHeader(first.cells)) return 'pft';
  if (isMyflightbookHeader(new Header(first.cells))) return 'myflightbook';
  return 'columns';
}
