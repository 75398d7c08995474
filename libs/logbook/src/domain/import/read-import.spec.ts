import fc from 'fast-check';
import { fixture, PILOT, text, TODAY, typeRatingOf, unsupported } from '@pft/testing/import-fixtures';
import { detectFormat } from './formats/detect-format';
import { type ImportInput } from './import.types';
import { readImport } from './read-import';
import { MAX_IMPORT_ROWS } from './text/file-bounds';
import { splitRecords } from './text/split-records';

const input = (bytes: Uint8Array, over: Partial<ImportInput> = {}): ImportInput => ({
  bytes,
  pilotAccountId: PILOT,
  today: TODAY,
  typeRatingOf,
  ...over,
});
const refusal = (bytes: Uint8Array) => {
  const result = readImport(input(bytes));
  return result.ok ? undefined : { code: result.refusal.code, issue: result.refusal.issue };
};
const formatOf = (s: string): string => {
  const split = splitRecords(s, s.includes('\t') ? '\t' : ',');
  return split.ok ? detectFormat(split.records) : 'refused';
};

describe('reading a logbook file', () => {
  it('detects each format from its first cell, sections or header', () => {
    expect(formatOf('ForeFlight Logbook Import,,\n')).toBe('foreflight');
    expect(formatOf('Aircraft Table\nAircraftID\nN1\nFlights Table\nDate\n')).toBe('foreflight');
    expect(formatOf('date,category,total_flight_time\n')).toBe('pft');
    expect(formatOf('Date,Category,pic\n')).toBe('pft');
    expect(formatOf('Date,Tail Number,Total Flight Time,Comments\n')).toBe('myflightbook');
    expect(formatOf('Date,Tail Number,Total Flight Time (HH:MM)\n')).toBe('myflightbook');
    expect(formatOf('date,category,wings\n')).toBe('columns');
    expect(formatOf('flight_flightDate\taircraft_aircraftID\tflight_totalTime\n')).toBe('columns');
    for (const [name, format] of [
      ['foreflight-current.csv', 'foreflight'],
      ['foreflight-older.csv', 'foreflight'],
      ['myflightbook.csv', 'myflightbook'],
      ['myflightbook-hhmm.csv', 'myflightbook'],
      ['columns-logten.tsv', 'columns'],
      ['pft.csv', 'pft'],
    ]) {
      const result = readImport(input(fixture(name!)));
      expect([name, result.ok && result.value.format]).toEqual([name, format]);
    }
  });

  it('reads a file as the format asked for, whatever its header', () => {
    const result = readImport(
      input(text('date,category,total_flight_time\n2026-05-01,airplane,60\n'), { format: 'columns' }),
    );
    expect(result.ok && [result.value.format, result.value.columns]).toEqual([
      'columns',
      { date: 'date', category: 'category', total_flight_time: 'total_flight_time' },
    ]);
  });

  it('gives the same ids when the same file is read again, and when a time is corrected', () => {
    const ids = (s: string) => {
      const result = readImport(input(text(s)));
      return result.ok ? result.value.flights.map((f) => f.flight.flight_id) : [];
    };
    const file =
      'Date,Registration,Category,Total,From,To\n2026-05-01,D-EABC,ASEL,1.0,EDDF,EDFE\n2026-05-01,D-EABC,ASEL,1.0,EDDF,EDFE\n';
    const first = ids(file);
    expect(first).toHaveLength(2);
    expect(new Set(first).size).toBe(2);
    expect(ids(file)).toEqual(first);
    expect(ids(file.replace('ASEL,1.0', 'ASEL,1.5'))).toEqual(first);
  });

  it('leaves out a row whose flight id an earlier row has, as a problem of the preview', () => {
    const read = (s: string) => {
      const result = readImport(input(text(s)));
      if (!result.ok) throw new Error(result.refusal.message);
      return result.value;
    };
    const myflightbook = read(
      'Date,Flight ID,Tail Number,Category/Class,Total Flight Time,PIC\n' +
        '2026-03-04,17,N1,ASEL,1.0,1.0\n2026-03-05,18,N1,ASEL,2.0,2.0\n2026-03-06,17,N1,ASEL,3.0,3.0\n',
    );
    expect(myflightbook.format).toBe('myflightbook');
    expect(myflightbook.flights.map((f) => f.line)).toEqual([2, 3]);
    expect(myflightbook.problems).toEqual([
      {
        line: 4,
        column: 'Flight ID',
        issue: 'duplicate_flight',
        message: 'repeats the flight id of line 2: only line 2 is imported',
      },
    ]);
    const pft = read(
      'flight_id,date,kind,category,rating_key,total_flight_time\n' +
        'a,2026-03-04,flight,airplane,sep_land,60\nb,2026-03-05,flight,airplane,sep_land,60\n' +
        'a,2026-03-06,flight,airplane,sep_land,90\n',
    );
    expect(pft.format).toBe('pft');
    expect(pft.flights.map((f) => f.line)).toEqual([2, 3]);
    expect(pft.problems.map((p) => [p.line, p.column, p.issue])).toEqual([
      [4, 'flight_id', 'duplicate_flight'],
    ]);
  });

  it('reads a file in UTF-16 with its byte-order mark as the same file in UTF-8', () => {
    const utf8 = fixture('myflightbook.csv');
    const decoded = new TextDecoder().decode(utf8);
    const utf16 = new Uint8Array(2 + decoded.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < decoded.length; i++) {
      utf16[2 + i * 2] = decoded.charCodeAt(i) & 0xff;
      utf16[3 + i * 2] = decoded.charCodeAt(i) >> 8;
    }
    const a = readImport(input(utf8));
    const b = readImport(input(utf16));
    expect(b.ok && b.value.flights.length).toBe(4);
    expect(b).toEqual(a);
  });

  it.each(['columns-logten.tsv', 'myflightbook.csv'])(
    'reads %s with a spreadsheet’s empty rows (delimiters only) as the same file without them',
    (name) => {
      const bytes = fixture(name);
      const decoded = new TextDecoder().decode(bytes);
      const delimiter = decoded.includes('\t') ? '\t' : ',';
      const emptyRow = delimiter.repeat(12) + '\r\n';
      expect(decoded.endsWith('\n')).toBe(true);
      const padded = new TextEncoder().encode(decoded + emptyRow + emptyRow.replace(/\t|,/g, (d) => ` ${d}`));
      const plain = readImport(input(bytes));
      expect(plain.ok && plain.value.flights.length).toBeGreaterThan(0);
      expect(readImport(input(padded))).toEqual(plain);
    },
  );

  it('keeps an aircraft name too long for a registration out of the record, and says so', () => {
    const result = readImport(
      input(
        text(
          'Date,Tail Number,Category/Class,Total Flight Time,PIC\n2026-05-01,REDBIRD-FMX-1,ASEL,1.0,1.0\n',
        ),
      ),
    );
    expect(result.ok && result.value.flights.map((f) => [f.source, f.flight.aircraft])).toEqual([
      ['REDBIRD-FMX-1', { category: 'airplane', rating_key: 'sep_land' }],
    ]);
    expect(result.ok && result.value.rules_applied.map((r) => [r.rule, r.lines])).toEqual([
      ['engine_time_from_class', [2]],
      ['registration_left_out', [2]],
    ]);
  });

  it('refuses a file over 50,000 rows as IMPORT_TOO_LARGE', () => {
    const row = '2026-05-01,D-EABC,ASEL,1.0\n';
    const file = `Date,Registration,Category,Total\n${row.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(refusal(text(file))).toEqual({ code: 'IMPORT_TOO_LARGE', issue: 'too_many_rows' });
    const result = readImport(input(text(`Date,Registration,Category,Total\n${row.repeat(3)}`)));
    expect(result.ok && result.value.flights.length).toBe(3);
  });

  it('refuses hostile files with the pilot app API error codes', () => {
    expect(refusal(text('Date,Remarks\n2026-05-01,"never closed\n'))).toEqual(
      unsupported('unbalanced_quote'),
    );
    expect(refusal(Uint8Array.from([0x44, 0x00, 0x61, 0x00, 0x74, 0x00, 0x65, 0x00]))).toEqual(
      unsupported('utf16_without_bom'),
    );
    expect(refusal(text('Date\u0000,Total\n'))).toEqual(unsupported('binary'));
    expect(refusal(text(`Date,${'x'.repeat(70_000)}\n`))).toEqual(unsupported('line_too_long'));
    expect(refusal(text(''))).toEqual(unsupported('no_header'));
  });

  it('never throws, whatever the bytes or text (property)', () => {
    const cell = fc.oneof(
      fc.constantFrom(
        '',
        '1.5',
        '1,5',
        '1:30',
        '=HYPERLINK("x")',
        '"',
        '""',
        '2026-05-01',
        '3/4/2026',
        'ASEL',
        'TRUE',
        '99999',
      ),
      fc.string({ maxLength: 8 }),
    );
    const header = fc.constantFrom(
      'Date,Tail Number,Total Flight Time,PIC,Landings,FS Night Landings,Category/Class,Route,Hold',
      'date,category,rating_key,total_flight_time,pic,day_takeoffs,features,flight_id',
      'ForeFlight Logbook Import\nAircraft Table\nAircraftID,Category/Class,EngineType\nN1,ASEL,Piston\nFlights Table\nDate,AircraftID,TotalTime,Approach1,AllLandings',
      'Date;Registration;Total;Category',
    );
    const file = fc
      .tuple(
        header,
        fc.array(fc.array(cell, { maxLength: 10 }), { maxLength: 6 }),
        fc.constantFrom(',', ';', '\t'),
      )
      .map(([h, rows, d]) => `${h}\n${rows.map((r) => r.join(d)).join('\n')}`);
    fc.assert(
      fc.property(fc.oneof(file.map(text), fc.uint8Array({ maxLength: 64 })), (bytes) => {
        const result = readImport(input(bytes));
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
