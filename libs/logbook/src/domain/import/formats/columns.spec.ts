import { airplane, fixture, flightsByLine, minutes, PILOT, read, text } from '@pft/testing/import-fixtures';
import { deriveFlightId } from '../ids/flight-id';

const id = (date: string, source: string, departure: string, arrival: string): string =>
  deriveFlightId(PILOT, 'columns', { kind: 'route', date, source, departure, arrival, rank: 0 });

/** LogTen's tab-separated export, its columns mapped by the pilot where their names are not ours. */
const choices = {
  columns: {
    registration: 'Aircraft ID',
    type_designator: 'Aircraft Type',
    day_landings: 'Day Ldg',
    night_landings: 'Night Ldg',
  },
  date_order: 'dmy',
  aircraft: { 'D-EFGH': { category: 'airplane', rating_key: 'sep_land', engine: 'piston' } },
} as const;

describe('any other CSV, through a column mapping', () => {
  it('is the fallback, read as the pilot maps it, D/M/YYYY dates and decimal commas', () => {
    const result = read(fixture('columns-logten.tsv'), choices);
    expect([result.format, result.delimiter, result.date_order, result.time_unit]).toEqual([
      'columns',
      '\t',
      'dmy',
      'decimal_hours',
    ]);
    expect(result.columns).toEqual({
      date: 'Flight Date',
      registration: 'Aircraft ID',
      departure: 'From',
      arrival: 'To',
      total_flight_time: 'Total Time',
      pic: 'PIC',
      sic: 'SIC',
      dual: 'Dual Received',
      night: 'Night',
      day_landings: 'Day Ldg',
      night_landings: 'Night Ldg',
      type_designator: 'Aircraft Type',
      remarks: 'Remarks',
    });
    expect(flightsByLine(result)).toEqual([
      [
        2,
        {
          flight_id: id('2026-04-03', 'D-EFGH', 'EDDS', 'EDTY'),
          date: '2026-04-03',
          kind: 'flight',
          aircraft: airplane('sep_land', 'D-EFGH', 'C172', { engine: 'piston' }),
          departure: 'EDDS',
          arrival: 'EDTY',
          minutes: minutes({ total_flight_time: 78, pic: 78, single_engine: 78 }),
          landings: { day: 2, night: 0 },
          remarks: 'Local',
        },
      ],
      [
        3,
        {
          flight_id: id('2026-04-15', 'D-AIZA', 'EDDF', 'LEPA'),
          date: '2026-04-15',
          kind: 'flight',
          // A type rating with no class in the file: no single- or multi-engine time is guessed.
          aircraft: airplane('type_a320', 'D-AIZA', 'A320'),
          departure: 'EDDF',
          arrival: 'LEPA',
          minutes: minutes({ total_flight_time: 135, sic: 135, night: 30 }),
          landings: { day: 0, night: 1 },
        },
      ],
    ]);
    expect(result.problems).toEqual([
      {
        line: 4,
        column: 'Dual Received',
        issue: 'exceeds_total',
        message: 'minutes.dual must be at most total_flight_time',
      },
    ]);
    expect(result.unused_columns).toEqual(['Custom Field']);
    expect(result.rules_applied.map((r) => [r.rule, r.lines])).toEqual([
      ['decimal_comma', [2, 3]],
      ['engine_time_from_class', [2]],
    ]);
    expect(result.ready).toBe(true);
  });

  it('maps no column to a field the pilot says the file lacks, even one whose header looks like it', () => {
    const result = read(fixture('columns-logten.tsv'), {
      ...choices,
      columns: { ...choices.columns, type_designator: null, remarks: null },
    });
    expect(result.columns.type_designator).toBeUndefined();
    expect(result.columns.remarks).toBeUndefined();
    expect(result.unused_columns).toEqual(expect.arrayContaining(['Aircraft Type', 'Remarks']));
    // The A320's type rating came from its type designator: with none, its rating is the pilot's to choose.
    expect(result.aircraft.find((a) => a.source === 'D-AIZA')?.proposed).toBeNull();
    expect(result.flights.map((f) => [f.line, f.flight.remarks, f.flight.aircraft.type_designator])).toEqual([
      [2, undefined, undefined],
    ]);
    expect(result.problems.filter((p) => p.issue === 'unknown_column')).toEqual([]);
  });
  it('leaves an aircraft with no class or type rating to the pilot', () => {
    const result = read(fixture('columns-logten.tsv'), { ...choices, aircraft: {} });
    expect(result.aircraft.map((a) => [a.source, a.type_designator, a.proposed?.rating_key ?? null])).toEqual(
      [
        ['D-EFGH', 'C172', null],
        ['D-AIZA', 'A320', 'type_a320'],
      ],
    );
    expect(result.problems.map((p) => [p.line, p.issue])).toEqual([
      [2, 'aircraft_not_mapped'],
      [4, 'aircraft_not_mapped'],
    ]);
    expect(result.ready).toBe(false);
  });

  it('reads H:MM times when the cells show them, and whole minutes when the pilot declares them', () => {
    const hMm = text('Date;Registration;Category;Total;PIC\n2026-05-01;D-EABC;ASEL;1:35;1:35\n');
    expect(read(hMm).time_unit).toBe('h_mm');
    expect(read(hMm).flights[0]!.flight.minutes).toEqual(
      minutes({ total_flight_time: 95, pic: 95, single_engine: 95 }),
    );
    const whole = text('Date,Registration,Category,Total\n2026-05-01,D-EABC,ASEL,95\n');
    expect(read(whole).problems).toEqual([
      {
        line: 1,
        column: 'Total',
        issue: 'time_unit_unknown',
        message: 'the times could be hours or minutes: choose the time unit',
      },
    ]);
    expect(read(whole, { time_unit: 'minutes' }).flights[0]!.flight.minutes.total_flight_time).toBe(95);
    // 95 hours is past a day: the flight rules refuse it.
    expect(read(whole, { time_unit: 'decimal_hours' }).problems).toEqual([
      {
        line: 2,
        column: 'Total',
        issue: 'out_of_range',
        message: 'minutes.total_flight_time must be from 0 to 1440',
      },
    ]);
  });

  it('says which of our columns no file column is mapped to, and which mapped column is not in the file', () => {
    const result = read(text('When,Hours\n2026-05-01,1.0\n'), { columns: { date: 'Wann' } });
    expect(result.problems).toEqual([
      {
        line: 1,
        column: 'Wann',
        issue: 'unknown_column',
        message: 'is not a column of the file (mapped to date)',
      },
      {
        line: 1,
        column: 'date',
        issue: 'column_not_mapped',
        message: 'no column of the file is mapped to it',
      },
      {
        line: 1,
        column: 'total_flight_time',
        issue: 'column_not_mapped',
        message: 'no column of the file is mapped to it',
      },
    ]);
    expect(result.ready).toBe(false);
  });

  it('refuses a row with more cells than the header, as an unquoted decimal comma makes', () => {
    const result = read(text('Date,Registration,Category,Total,PIC\n2026-05-01,D-EABC,ASEL,1,5,1,5\n'), {
      time_unit: 'decimal_hours',
    });
    expect(result.problems).toEqual([
      { line: 2, issue: 'cell_count', message: 'has 7 cells where the header has 5' },
    ]);
  });

  it('names a second column of a name already read among the unused, and keeps its cells for the remarks', () => {
    const file = text(
      'Date,Registration,Category,Total,PIC,PIC,Notes,Notes\n2026-05-01,D-EABC,ASEL,1.0,1.0,0.5,,\n',
    );
    const result = read(file, { time_unit: 'decimal_hours', unused_columns_to_remarks: true });
    expect(result.unused_columns).toEqual(['PIC', 'Notes']);
    expect(result.flights.map((f) => [f.flight.minutes.pic, f.flight.remarks])).toEqual([[60, 'PIC: 0.5']]);
  });

  it('refuses a formula cell where a value belongs', () => {
    const result = read(text('Date,Registration,Category,Total\n2026-05-01,D-EABC,ASEL,=1+1\n'), {
      time_unit: 'decimal_hours',
    });
    expect(result.problems).toEqual([
      { line: 2, column: 'Total', issue: 'formula_cell', message: 'is a spreadsheet formula, not a value' },
    ]);
  });
});
