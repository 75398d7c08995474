import { type CsvRecord } from '../text/split-records';
import { type ImportProblem } from '../import.types';
import { type SourceCell } from '../records/source-row';

const key = (name: string): string => name.trim().toLowerCase();

/**
 * A header row: finds columns by name (trimmed, any case), and remembers which ones a parser used,
 * so that the rest can be named in the preview.
 */
export class Header {
  private readonly index = new Map<string, number>();
  private readonly used = new Set<number>();
  readonly names: string[];

  constructor(cells: readonly string[]) {
    this.names = cells.map((c) => c.trim());
    this.names.forEach((name, i) => {
      if (name !== '' && !this.index.has(key(name))) this.index.set(key(name), i);
    });
  }

  has(name: string): boolean {
    return this.index.has(key(name));
  }

  /** The first of the names the header has, marked as used. */
  column(...names: string[]): string | undefined {
    for (const name of names) {
      const i = this.index.get(key(name));
      if (i !== undefined) {
        this.used.add(i);
        return this.names[i];
      }
    }
    return undefined;
  }

  /** The cell of a record under the first of the names the header has; undefined when it has none. */
  cell(record: CsvRecord, ...names: string[]): SourceCell | undefined {
    const column = this.column(...names);
    if (column === undefined) return undefined;
    return { column, value: (record.cells[this.index.get(key(column))!] ?? '').trim() };
  }

  /** The text of a cell, '' when the column is absent or the cell empty. */
  text(record: CsvRecord, ...names: string[]): string {
    return this.cell(record, ...names)?.value ?? '';
  }

  /** The text of a cell as written, white space at either end kept; '' when the column is absent. */
  written(record: CsvRecord, ...names: string[]): string {
    const column = this.column(...names);
    return column === undefined ? '' : (record.cells[this.index.get(key(column))!] ?? '');
  }

  /**
   * The columns no parser asked for, in header order (empty names left out), each name once: a second
   * column under a name already read is one of them, since only the first of a name is ever read.
   */
  unusedColumns(): string[] {
    return [...new Set(this.names.filter((name, i) => name !== '' && !this.used.has(i)))];
  }

  /**
   * A problem when a record has more cells than the header (an unquoted decimal comma, say): its
   * cells would be read under the wrong columns. Fewer cells are fine: the missing ones are empty.
   */
  extraCells(record: CsvRecord): ImportProblem[] {
    if (record.cells.length <= this.names.length) return [];
    return [
      {
        line: record.line,
        issue: 'cell_count',
        message: `has ${record.cells.length} cells where the header has ${this.names.length}`,
      },
    ];
  }

  /** The non-empty cells of a record under the unused columns. */
  unusedCells(record: CsvRecord): SourceCell[] {
    return this.names
      .map((column, i) => ({ column, value: (record.cells[i] ?? '').trim(), i }))
      .filter(({ column, value, i }) => column !== '' && value !== '' && !this.used.has(i))
      .map(({ column, value }) => ({ column, value }));
  }
}
