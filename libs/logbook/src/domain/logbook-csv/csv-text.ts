/**
 * RFC 4180 text: comma-separated cells, CRLF between records, a cell in double quotes when it holds a
 * comma, a quote, a line break or spaces at either end (quotes inside doubled). A cell that begins with
 * a character a spreadsheet would start a formula with (`=`, `+`, `-`, `@`), or with a tab or a carriage
 * return (which a spreadsheet may drop, then reading what follows as a formula), gets a `'` before it,
 * and so does one that begins with `'`; the reader strips one `'` from the start of every cell, so what
 * is written reads back unchanged.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const NEEDS_MARK = /^[=+\-@'\t\r]/;
const MARK = "'";

export function csvCell(value: string): string {
  const marked = NEEDS_MARK.test(value) ? MARK + value : value;
  return NEEDS_QUOTES.test(marked) ? `"${marked.replace(/"/g, '""')}"` : marked;
}

/** A cell as read, without the one `'` csvCell writes before a cell that could be taken for a formula. */
const unmarkedCell = (cell: string): string => (cell.startsWith(MARK) ? cell.slice(1) : cell);

export function csvRecord(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

/** One record of a CSV text and the line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** How a text is split: its delimiter, and whether the `'` this service writes before a cell is taken off. */
export interface CsvDialect {
  delimiter: ',' | ';' | '\t';
  /** True for this service's own CSV; a file written elsewhere keeps its cells as they are. */
  unmark: boolean;
}

const OWN_CSV: CsvDialect = { delimiter: ',', unmark: true };

/**
 * Splits CSV text into records. Accepts CRLF or LF line ends, a byte-order mark at the start, and
 * skips blank records: empty lines, and lines of nothing but delimiters, spaces and empty quotes (the
 * empty rows a spreadsheet writes). An unterminated quoted cell is an error at the line it opened on.
 */
export function readCsvRecords(
  text: string,
  dialect: CsvDialect = OWN_CSV,
): {
  records: CsvRecord[];
  error?: { line: number; message: string };
} {
  const { delimiter } = dialect;
  const unmarked = dialect.unmark ? unmarkedCell : (cell: string): string => cell;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let touched = false;
  const endRecord = (): void => {
    const record = [...cells, unmarked(cell)];
    if (touched && record.some((c) => c.trim() !== '')) records.push({ line: recordLine, cells: record });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
      touched = true;
    } else if (ch === delimiter) {
      cells.push(unmarked(cell));
      cell = '';
      touched = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
      touched = true;
    }
  }
  if (quoted) return { records, error: { line: quoteLine, message: 'a quoted cell is never closed' } };
  endRecord();
  return { records };
}
