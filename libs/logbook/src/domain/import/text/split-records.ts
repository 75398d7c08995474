import { readCsvRecords, type CsvRecord } from '../../logbook-csv/csv-text';
import { type Delimiter, type ImportRefusal } from '../import.types';
import { MAX_COLUMNS } from './file-bounds';

export type { CsvRecord };

export type Split =
  { ok: true; delimiter: Delimiter; records: CsvRecord[] } | { ok: false; refusal: ImportRefusal };

const DELIMITERS: readonly Delimiter[] = [',', '\t', ';'];

/** How often each delimiter occurs outside quotes in a line. */
function delimiterCounts(line: string): Map<Delimiter, number> {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Delimiter))
      counts.set(ch as Delimiter, counts.get(ch as Delimiter)! + 1);
  }
  return counts;
}

/**
 * The delimiter of the first of the file's first lines that has one: the most frequent of comma, tab
 * and semicolon (a tie goes to the comma, then the tab). A file of one column is comma-separated.
 */
export function detectDelimiter(text: string): Delimiter {
  const lines = text.split(/\r?\n/, 10).filter((l) => l.trim() !== '');
  for (const line of lines) {
    const counts = delimiterCounts(line);
    let best: Delimiter = ',';
    for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
    if (counts.get(best)! > 0) return best;
  }
  return ',';
}

/**
 * The file's records (blank lines skipped), with its delimiter. Cells stay as written, but for this
 * service's own CSV (`unmark`), whose one `'` before a cell is taken off.
 * A quoted cell never closed refuses the file: every line after it would be read into one cell; so
 * does a record wider than any logbook's.
 */
export function splitRecords(text: string, delimiter: Delimiter, unmark = false): Split {
  const { records, error } = readCsvRecords(text, { delimiter, unmark });
  if (error) {
    return {
      ok: false,
      refusal: {
        code: 'UNSUPPORTED_FILE',
        issue: 'unbalanced_quote',
        message: `line ${error.line}: ${error.message}`,
        line: error.line,
      },
    };
  }
  const wide = records.find((r) => r.cells.length > MAX_COLUMNS);
  if (wide) {
    return {
      ok: false,
      refusal: {
        code: 'UNSUPPORTED_FILE',
        issue: 'too_many_columns',
        message: `line ${wide.line} has ${wide.cells.length} cells, over ${MAX_COLUMNS}`,
        line: wide.line,
      },
    };
  }
  if (records.length === 0) {
    return {
      ok: false,
      refusal: { code: 'UNSUPPORTED_FILE', issue: 'no_header', message: 'the file has no header row' },
    };
  }
  return { ok: true, delimiter, records };
}
