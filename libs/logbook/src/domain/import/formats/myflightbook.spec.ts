import { airplane, fixture, flightsByLine, minutes, PILOT, read, text } from '@pft/testing/import-fixtures';
import { deriveFlightId } from '../ids/flight-id';

const id = (flightId: string): string =>
  deriveFlightId(PILOT, 'myflightbook', { kind: 'source_id', id: flightId });

describe('MyFlightbook', () => {
  const result = read(fixture('myflightbook.csv'));

  it('is detected by its header names, and its M/D/YYYY dates settled as month first', () => {
    expect([result.format, result.rows, result.date_order, result.time_unit]).toEqual([
      'myflightbook',
      7,
      'mdy',
      'decimal_hours',
    ]);
  });

  it('reads each valid row as the flight record written here by hand', () => {
    expect(flightsByLine(result)).toEqual([
      [
        2,
        {
          flight_id: id('1001'),
          date: '2026-03-14',
          kind: 'flight',
          aircraft: airplane('sep_land', 'N172AB', 'C172'),
          departure: 'KPAO',
          arrival: 'KHAF',
          minutes: minutes({
            total_flight_time: 90,
            pic: 90,
            dual: 90,
            cross_country: 90,
            night: 30,
            actual_instrument: 12,
            simulated_instrument: 18,
            single_engine: 90,
          }),
          // Night takeoffs absent: as many as the night landings.
          takeoffs: { day: 2, night: 1 },
          landings: { day: 2, night: 1, day_full_stop: 1, night_full_stop: 1 },
          approaches: 2,
          holds: 1,
          remarks: 'Night XC',
        },
      ],
      [
        3,
        {
          flight_id: id('1002'),
          date: '2026-03-02',
          kind: 'flight',
          aircraft: airplane('type_b737_300_900', 'N738XY', 'B738'),
          departure: 'KSFO',
          arrival: 'KLAX',
          minutes: minutes({ total_flight_time: 135, sic: 135, multi_engine: 135 }),
          takeoffs: { day: 1, night: 0 },
          landings: { day: 1, night: 0, day_full_stop: 1 },
        },
      ],
      [
        4,
        {
          flight_id: id('1003'),
          date: '2026-03-03',
          kind: 'simulator',
          aircraft: airplane('sep_land', 'SIM1'),
          minutes: minutes({ simulator: 60 }),
          landings: { day: 0, night: 0 },
          approaches: 6,
          holds: 0,
        },
      ],
      [
        5,
        {
          flight_id: id('1004'),
          date: '2026-03-04',
          kind: 'flight',
          aircraft: { category: 'helicopter', registration: 'N9HE', type_designator: 'R44' },
          departure: 'KPAO',
          arrival: 'KPAO',
          minutes: minutes({ total_flight_time: 66, pic: 66 }),
          landings: { day: 5, night: 0 },
          remarks: 'Pattern work',
        },
      ],
    ]);
  });

  it('refuses each invalid row with its reason', () => {
    expect(result.problems).toEqual([
      { line: 6, issue: 'sum_exceeds_total', message: 'minutes pic + sic must be at most total_flight_time' },
      {
        line: 7,
        issue: 'sum_exceeds_total',
        message: 'minutes actual_instrument + simulated_instrument must be at most total_flight_time',
      },
      {
        line: 8,
        column: 'Tail Number',
        issue: 'aircraft_not_mapped',
        message: 'aircraft "N999XX" needs a rating: choose one',
      },
    ]);
  });

  it('proposes the piston class for a class with no engine, marked guessed, and a type rating by ICAO Model', () => {
    expect(result.aircraft).toEqual([
      {
        source: 'N172AB',
        make_model: 'Cessna 172S',
        type_designator: 'C172',
        proposed: { category: 'airplane', rating_key: 'sep_land', type_designator: 'C172', guessed: true },
        chosen: null,
        flights: 3,
      },
      {
        source: 'N738XY',
        make_model: 'Boeing 737-800',
        type_designator: 'B738',
        proposed: {
          category: 'airplane',
          rating_key: 'type_b737_300_900',
          type_designator: 'B738',
          guessed: false,
        },
        chosen: null,
        flights: 1,
      },
      {
        source: 'SIM1',
        make_model: 'Redbird FMX',
        type_designator: null,
        proposed: { category: 'airplane', rating_key: 'sep_land', guessed: true },
        chosen: null,
        flights: 1,
      },
      {
        source: 'N9HE',
        make_model: 'Robinson R44',
        type_designator: 'R44',
        proposed: { category: 'helicopter', type_designator: 'R44', guessed: false },
        chosen: null,
        flights: 1,
      },
      {
        source: 'N999XX',
        make_model: 'Homebuilt',
        type_designator: null,
        proposed: null,
        chosen: null,
        flights: 1,
      },
    ]);
  });

  it('names the unused columns and the rules applied', () => {
    expect(result.unused_columns).toEqual(['Signature State', 'Flight Start']);
    expect(result.rules_applied.map((r) => [r.rule, r.lines])).toEqual([
      ['decimal_comma', [2]],
      ['engine_time_from_class', [2, 3]],
      ['simulator_time_only', [4]],
    ]);
  });

  it('reads (HH:MM) columns and D.M.YYYY dates, day first', () => {
    const hhmm = read(fixture('myflightbook-hhmm.csv'));
    expect([hhmm.date_order, hhmm.time_unit, hhmm.problems]).toEqual(['dmy', 'h_mm', []]);
    const aircraft = airplane('sep_land', 'D-EABC', 'P28A');
    expect(flightsByLine(hhmm)).toEqual([
      [
        2,
        {
          flight_id: id('2001'),
          date: '2026-02-14',
          kind: 'flight',
          aircraft,
          departure: 'EDDF',
          arrival: 'EDFE',
          minutes: minutes({ total_flight_time: 80, pic: 80, night: 40, single_engine: 80 }),
          // Day takeoffs absent: as many as the day landings.
          takeoffs: { day: 1, night: 1 },
          landings: { day: 1, night: 1, day_full_stop: 1, night_full_stop: 1 },
          remarks: 'Abendflug',
        },
      ],
      [
        3,
        {
          flight_id: id('2002'),
          date: '2026-03-02',
          kind: 'flight',
          aircraft,
          departure: 'EDFE',
          arrival: 'EDFE',
          minutes: minutes({ total_flight_time: 45, pic: 45, single_engine: 45 }),
          landings: { day: 1, night: 0, day_full_stop: 1 },
        },
      ],
    ]);
  });

  it('asks for the date order when the dates leave it open, and reads them as the pilot says', () => {
    const file = text(
      'Date,Flight ID,Tail Number,Category/Class,Total Flight Time,PIC\n3/4/2026,1,N1,ASEL,1.0,1.0\n',
    );
    const open = read(file);
    expect([open.date_order, open.flights, open.ready]).toEqual([null, [], false]);
    expect(open.problems).toEqual([
      {
        line: 1,
        column: 'Date',
        issue: 'date_order_unknown',
        message: 'the dates could be month first or day first: choose the date order',
      },
    ]);
    expect(read(file, { date_order: 'mdy' }).flights[0]!.flight.date).toBe('2026-03-04');
    expect(read(file, { date_order: 'dmy' }).flights[0]!.flight.date).toBe('2026-04-03');
    expect(read(file, { date_order: 'dmy' }).ready).toBe(true);
  });
});
