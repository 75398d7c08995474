import { csvCell, csvRecord, readCsvRecords } from './csv-text';

describe('CSV cells a spreadsheet could take for a formula', () => {
  // A tab or a carriage return before the formula: spreadsheets that drop the white space at the start
  // of a cell then see the formula itself.
  it.each([
    ['a tab', '\t=HYPERLINK("https://example.com","x")'],
    ['a carriage return', '\r=HYPERLINK("https://example.com","x")'],
    ['a tab alone', '\tremark'],
  ])('marks a cell beginning with %s, and reads it back as it was', (_what, value) => {
    const written = csvCell(value);
    expect(written.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(readCsvRecords(`${csvRecord(['x', value])}\r\n`).records).toEqual([
      { line: 1, cells: ['x', value] },
    ]);
  });

  it('leaves a cell with a tab or a line break only after its start unmarked', () => {
    expect(csvCell('a\tb')).toBe('a\tb');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });
});
