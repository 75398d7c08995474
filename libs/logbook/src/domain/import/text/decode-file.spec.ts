import { unsupported } from '@pft/testing/import-fixtures';
import { decodeFile } from './decode-file';
import { MAX_COLUMNS, MAX_IMPORT_BYTES, MAX_LINE_LENGTH } from './file-bounds';
import { detectDelimiter, splitRecords } from './split-records';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const utf16le = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[i * 2] = text.charCodeAt(i) & 0xff;
    bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
};
const refusal = (bytes: Uint8Array) => {
  const decoded = decodeFile(bytes);
  return decoded.ok ? undefined : { code: decoded.refusal.code, issue: decoded.refusal.issue };
};

describe('import text', () => {
  it('reads UTF-8, with or without its byte-order mark, and UTF-16 with its byte-order mark', () => {
    expect(decodeFile(utf8('Date,Total\n2026-01-01,1.5\n'))).toEqual({
      ok: true,
      text: 'Date,Total\n2026-01-01,1.5\n',
    });
    expect(decodeFile(utf8('\uFEFFDate\n'))).toEqual({ ok: true, text: 'Date\n' });
    expect(decodeFile(Uint8Array.from([0xff, 0xfe, ...utf16le('Date,Zoë\n')]))).toEqual({
      ok: true,
      text: 'Date,Zoë\n',
    });
    const be = utf16le('Date\n').map((_, i, a) => a[i % 2 === 0 ? i + 1 : i - 1]!);
    expect(decodeFile(Uint8Array.from([0xfe, 0xff, ...be]))).toEqual({ ok: true, text: 'Date\n' });
  });

  it('refuses UTF-16 without a byte-order mark, binary files and NUL bytes as UNSUPPORTED_FILE', () => {
    expect(refusal(utf16le('Date,Total\n2026-01-01,1.5\n'))).toEqual(unsupported('utf16_without_bom'));
    expect(refusal(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]))).toEqual(
      unsupported('binary'),
    );
    expect(refusal(utf8('Date\n2026-01-01\u0000\n'))).toEqual(unsupported('binary'));
    expect(refusal(Uint8Array.from([0xff, 0xfe, ...utf16le('Da\u0000te')]))).toEqual(unsupported('binary'));
  });

  it('refuses bytes that are not UTF-8, and an empty file', () => {
    expect(refusal(Uint8Array.from([0x44, 0xc3, 0x28, 0x0a]))).toEqual(unsupported('invalid_encoding'));
    expect(refusal(utf8(''))).toEqual(unsupported('no_header'));
    expect(refusal(utf8(' \r\n\n'))).toEqual(unsupported('no_header'));
  });

  it('refuses a file over 20 MB as IMPORT_TOO_LARGE, before reading it', () => {
    expect(refusal(new Uint8Array(MAX_IMPORT_BYTES + 1))).toEqual({
      code: 'IMPORT_TOO_LARGE',
      issue: 'too_large',
    });
  });

  it('refuses a line longer than any logbook row, naming it', () => {
    const decoded = decodeFile(utf8(`Date,Remarks\n2026-01-01,${'x'.repeat(MAX_LINE_LENGTH)}\n`));
    expect(decoded.ok ? undefined : decoded.refusal).toEqual({
      code: 'UNSUPPORTED_FILE',
      issue: 'line_too_long',
      message: `line 2 is over ${MAX_LINE_LENGTH} characters`,
      line: 2,
    });
    expect(decodeFile(utf8(`Date,Remarks\n2026-01-01,${'x'.repeat(MAX_LINE_LENGTH - 11)}\n`)).ok).toBe(true);
  });

  it('detects the delimiter of the first line that has one, quotes aside', () => {
    expect(detectDelimiter('Date,Total\n')).toBe(',');
    expect(detectDelimiter('Date\tTotal\tRemarks, long\n')).toBe('\t');
    expect(detectDelimiter('Date;Total;"a,b,c,d"\n')).toBe(';');
    expect(detectDelimiter('ForeFlight Logbook Import\n\nAircraft Table,,\n')).toBe(',');
    expect(detectDelimiter('Date\n')).toBe(',');
  });

  it('refuses a record of more cells than any logbook has, naming its line', () => {
    const split = splitRecords(`Date,Total\n2026-01-01${','.repeat(MAX_COLUMNS)}\n`, ',');
    expect(split.ok ? undefined : split.refusal).toEqual({
      code: 'UNSUPPORTED_FILE',
      issue: 'too_many_columns',
      message: `line 2 has ${MAX_COLUMNS + 1} cells, over ${MAX_COLUMNS}`,
      line: 2,
    });
    expect(splitRecords(`${'a,'.repeat(MAX_COLUMNS - 1)}a\n`, ',').ok).toBe(true);
  });

  it('refuses a quoted cell never closed as UNSUPPORTED_FILE at the line it opens on', () => {
    const split = splitRecords('Date,Remarks\n2026-01-01,"fine"\n2026-01-02,"open\n2026-01-03,x\n', ',');
    expect(split.ok ? undefined : split.refusal).toEqual({
      code: 'UNSUPPORTED_FILE',
      issue: 'unbalanced_quote',
      message: 'line 3: a quoted cell is never closed',
      line: 3,
    });
  });
});
