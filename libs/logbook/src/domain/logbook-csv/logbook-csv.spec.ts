import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { AIRCRAFT_FEATURES, ENGINE_KINDS, type Flight } from '@pft/contracts';
import { randomFlight, seededRandom } from '@pft/testing';
import { csvRecord, readCsvRecords } from './csv-text';
import { formatLogbookCsv, LOGBOOK_CSV_COLUMNS, readLogbookCsv } from './logbook-csv';

const TODAY = '2026-11-25';
const read = (text: string) => readLogbookCsv(text, TODAY, randomUUID);
const header = LOGBOOK_CSV_COLUMNS.join(',');

/**
 * The flight with a random choice of the fields of richer records, each present or left out, within
 * the flight rules (a simulator session: no engine, no features, takeoffs and full stops at 0).
 */
function withRicherFields(random: () => number, flight: Flight): Flight {
  const int = (n: number): number => Math.floor(random() * n);
  const maybe = <T>(make: () => T): T | undefined => (random() < 0.5 ? make() : undefined);
  const simulator = flight.kind === 'simulator';
  const { day, night } = flight.landings;
  const features = AIRCRAFT_FEATURES.filter(() => random() < 0.3);
  const richer: Flight = {
    ...flight,
    aircraft: {
      ...flight.aircraft,
      type_designator: maybe(() => ['C172', 'PA28', 'B738', 'A320', 'R44'][int(5)]!),
      engine: simulator ? undefined : maybe(() => ENGINE_KINDS[int(ENGINE_KINDS.length)]!),
      features: simulator || features.length === 0 ? undefined : features,
    },
    takeoffs: maybe(() => (simulator ? { day: 0, night: 0 } : { day: int(100), night: int(100) })),
    landings: {
      day,
      night,
      day_full_stop: maybe(() => int(day + 1)),
      night_full_stop: maybe(() => int(night + 1)),
    },
    approaches: maybe(() => int(100)),
    holds: maybe(() => int(100)),
  };
  // Left out, not undefined: as the reader gives them.
  return JSON.parse(JSON.stringify(richer)) as Flight;
}

/** The cells of a CSV text as a spreadsheet sees them: unquoted, nothing stripped. */
function readCsvRecordsRaw(text: string): { cells: string[] }[] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => ({ cells: line.split(',').map((c) => c.replace(/^"/, '')) }));
}

describe('logbook CSV', () => {
  it('reads back what it wrote, flight for flight (random logbooks)', () => {
    const random = seededRandom(24);
    const flights: Flight[] = Array.from({ length: 300 }, () =>
      withRicherFields(random, randomFlight(random)),
    );
    flights[0] = {
      ...flights[0]!,
      remarks: 'Crosswind, "gusty"\nsecond line',
      departure: 'EDDF',
      arrival: 'EDFE',
    };
    const text = formatLogbookCsv(flights);
    expect(text.startsWith(`${header}\r\n`)).toBe(true);
    expect(read(text)).toEqual({ flights, problems: [], rows: 300 });
  });

  it('reads back what it wrote, with or without the fields of richer records (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 20 }), (seed, length) => {
        const random = seededRandom(seed);
        const flights = Array.from({ length }, () => withRicherFields(random, randomFlight(random)));
        expect(read(formatLogbookCsv(flights))).toEqual({ flights, problems: [], rows: length });
      }),
      { numRuns: 200 },
    );
  });

  it('reads a file written before the columns of richer records: the fields are left out', () => {
    const text = [
      'flight_id,date,kind,category,rating_key,total_flight_time,pic,day_landings,night_landings,remarks',
      `${randomUUID()},2026-05-01,flight,airplane,sep_land,60,60,2,1,old file`,
    ].join('\r\n');
    const { flights, problems } = read(text);
    expect(problems).toEqual([]);
    expect(flights[0]!.aircraft).toEqual({ category: 'airplane', rating_key: 'sep_land' });
    expect(flights[0]!.landings).toEqual({ day: 2, night: 1 });
    for (const field of ['takeoffs', 'approaches', 'holds']) expect(flights[0]).not.toHaveProperty(field);
  });

  it('writes features space-separated in their order, empty cells for fields left out', () => {
    const flight: Flight = {
      ...randomFlight(seededRandom(7)),
      kind: 'flight',
      aircraft: {
        category: 'airplane',
        rating_key: 'sep_land',
        type_designator: 'PA28',
        engine: 'piston',
        features: ['complex', 'retractable_gear'],
      },
      landings: { day: 2, night: 0, day_full_stop: 1 },
      holds: 0,
    };
    const [, row] = formatLogbookCsv([flight]).split('\r\n');
    const cells = Object.fromEntries(LOGBOOK_CSV_COLUMNS.map((c, i) => [c, row!.split(',')[i]]));
    expect(cells).toMatchObject({
      type_designator: 'PA28',
      engine: 'piston',
      features: 'complex retractable_gear',
      day_takeoffs: '',
      night_takeoffs: '',
      day_full_stop_landings: '1',
      night_full_stop_landings: '',
      approaches: '',
      holds: '0',
    });
  });

  it('reads features in any order and spacing, and reports the richer fields by their columns', () => {
    const columns = 'date,category,rating_key,total_flight_time,pic,day_landings';
    const text = [
      `${columns},features,engine,day_takeoffs,night_takeoffs,day_full_stop_landings,type_designator`,
      '2026-05-01,airplane,sep_land,60,60,1, taa  complex ,turbojet,1,0,1,B738',
      '2026-05-02,airplane,sep_land,60,60,1,taa glass,steam,1,,2,b738',
      '2026-05-03,airplane,sep_land,60,60,1,taa taa,,x,,,',
    ].join('\r\n');
    const result = read(text);
    expect(result.flights.map((f) => [f.aircraft.features, f.takeoffs])).toEqual([
      [['complex', 'taa'], { day: 1, night: 0 }],
    ]);
    expect(result.problems).toEqual([
      { line: 3, column: 'type_designator', message: expect.stringContaining('ICAO type designator') },
      { line: 3, column: 'engine', message: expect.stringContaining('must be one of piston') },
      { line: 3, column: 'features', message: expect.stringContaining('must be one of complex') },
      { line: 3, column: 'night_takeoffs', message: 'is required' },
      { line: 3, column: 'day_full_stop_landings', message: 'must be at most landings.day' },
      { line: 4, column: 'day_takeoffs', message: 'must be a whole number' },
      { line: 4, column: 'features', message: expect.stringContaining('each feature at most once') },
    ]);
  });

  it('writes a quote before every cell a spreadsheet would take for a formula, and reads it back', () => {
    const random = seededRandom(60);
    const starts = ['=', '+', '-', '@', "'"];
    const flights: Flight[] = starts.map((start, i) => ({
      ...randomFlight(random),
      aircraft: { category: 'airplane', rating_key: 'sep_land', registration: `${start}D-EABC` },
      remarks: `${start}HYPERLINK("https://example.com","x")`,
      date: `2026-05-0${i + 1}`,
    }));
    const text = formatLogbookCsv(flights);
    for (const start of starts) {
      expect(text).toContain(`,'${start}D-EABC,`);
      expect(text).toContain(`"'${start}HYPERLINK(""https://example.com"",""x"")"`);
    }
    // No cell of the file begins with a character a spreadsheet would start a formula with.
    for (const { cells } of readCsvRecordsRaw(text))
      expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    expect(read(text)).toEqual({ flights, problems: [], rows: flights.length });
  });

  it('reads back any record it writes, cell for cell (property)', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.tuple(fc.constantFrom('=', '+', '-', '@', "'", "''", ' ', '"'), fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(fc.array(cell, { minLength: 2, maxLength: 6 }), (cells) => {
        fc.pre(cells.some((c) => c.trim() !== ''));
        expect(readCsvRecords(`${csvRecord(cells)}\r\n`).records).toEqual([{ line: 1, cells }]);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a header only for an empty logbook', () => {
    expect(formatLogbookCsv([])).toBe(`${header}\r\n`);
    expect(read(formatLogbookCsv([]))).toEqual({ flights: [], problems: [], rows: 0 });
  });

  it('takes columns in any order, leaves out absent ones, and names a flight without an id', () => {
    const text = 'total_flight_time,Date,category,rating_key,pic\n95,2026-05-01,airplane,sep_land,95\n';
    const { flights, problems } = read(text);
    expect(problems).toEqual([]);
    expect(flights).toHaveLength(1);
    expect(flights[0]).toMatchObject({
      date: '2026-05-01',
      kind: 'flight',
      aircraft: { category: 'airplane', rating_key: 'sep_land' },
      minutes: { total_flight_time: 95, pic: 95, sic: 0 },
      landings: { day: 0, night: 0 },
    });
    expect(flights[0]!.flight_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports each bad row by line and column with the flight rules, and keeps the good rows', () => {
    const text = [
      'date,category,rating_key,total_flight_time,pic,day_landings',
      '2026-05-01,airplane,sep_land,60,60,1',
      '2026-05-02,airplane,sep_land,60,90,1',
      '2026-05-03,airplane,nope,60,60,x',
      '2026-05-04,airplane',
      '',
      '2099-01-01,helicopter,,60,0,0',
    ].join('\r\n');
    const result = read(text);
    expect(result.rows).toBe(5);
    expect(result.flights.map((f) => f.date)).toEqual(['2026-05-01']);
    expect(result.problems).toEqual([
      { line: 3, column: 'pic', message: 'must be at most total_flight_time' },
      { line: 3, message: 'pic + sic must be at most total_flight_time' },
      { line: 4, column: 'day_landings', message: 'must be a whole number' },
      { line: 4, column: 'rating_key', message: 'is not a key of the rating catalog' },
      { line: 5, message: 'has 2 cells where the header has 6' },
      { line: 7, column: 'date', message: 'must be from 1903-12-17 to 2026-11-26' },
    ]);
  });

  it('reads PIC logged while receiving dual (14 CFR 61.51(e)), and refuses pic + sic or dual above the total', () => {
    const text = [
      'date,category,rating_key,total_flight_time,pic,sic,dual',
      '2026-05-01,airplane,sep_land,60,60,0,60',
      '2026-05-02,airplane,sep_land,60,40,21,0',
      '2026-05-03,airplane,sep_land,60,0,0,61',
    ].join('\r\n');
    const result = read(text);
    expect(result.flights.map((f) => [f.date, f.minutes.pic, f.minutes.dual])).toEqual([
      ['2026-05-01', 60, 60],
    ]);
    expect(result.problems).toEqual([
      { line: 3, message: 'pic + sic must be at most total_flight_time' },
      { line: 4, column: 'dual', message: 'must be at most total_flight_time' },
    ]);
  });

  it('refuses a header with an unknown, missing or repeated column', () => {
    expect(read('date,wings\n').problems).toEqual([
      { line: 1, column: 'wings', message: 'is not a known column' },
      { line: 1, column: 'category', message: 'column is missing' },
    ]);
    expect(read('date,category,date\n').problems).toEqual([{ line: 1, message: 'a column is named twice' }]);
    expect(read('').problems).toEqual([{ line: 1, message: 'the file is empty' }]);
  });

  it('splits RFC 4180 text: quotes, doubled quotes, line breaks in cells, a byte-order mark', () => {
    expect(readCsvRecords('\uFEFFa,"b,c"\r\n"say ""hi""","x\ny"\n').records).toEqual([
      { line: 1, cells: ['a', 'b,c'] },
      { line: 2, cells: ['say "hi"', 'x\ny'] },
    ]);
    expect(readCsvRecords('a,"open\n').error).toEqual({ line: 1, message: 'a quoted cell is never closed' });
  });

  it('skips the empty rows a spreadsheet writes: nothing but delimiters, spaces and empty quotes', () => {
    expect(readCsvRecords('a,b\r\n,\r\n \r\n"",  \r\n\r\n1,2\r\n,,\r\n').records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 6, cells: ['1', '2'] },
    ]);
    expect(readCsvRecords('a\tb\n\t\t\t\n1\t\n', { delimiter: '\t', unmark: false }).records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', ''] },
    ]);
  });

  it('splits on a tab or a semicolon, and keeps a leading quote mark when asked to', () => {
    expect(readCsvRecords('\'a\t"b\tc"\n1,5\t2\n', { delimiter: '\t', unmark: false }).records).toEqual([
      { line: 1, cells: ["'a", 'b\tc'] },
      { line: 2, cells: ['1,5', '2'] },
    ]);
    expect(readCsvRecords('a;b,c\n', { delimiter: ';', unmark: true }).records).toEqual([
      { line: 1, cells: ['a', 'b,c'] },
    ]);
  });
});
