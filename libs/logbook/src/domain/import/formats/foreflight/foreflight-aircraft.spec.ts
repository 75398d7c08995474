import { deriveFlightId } from '../../ids/flight-id';
import { airplane, fixture, flightsByLine, minutes, PILOT, read } from '@pft/testing/import-fixtures';

const id = (date: string, source: string, departure: string, arrival: string, rank = 0): string =>
  deriveFlightId(PILOT, 'foreflight', { kind: 'route', date, source, departure, arrival, rank });

/** ForeFlight's Aircraft Table: the rating proposed for each aircraft, or the one the pilot chose. */
describe('ForeFlight, current template: the Aircraft Table', () => {
  const result = read(fixture('foreflight-current.csv'));

  it('proposes a rating for each aircraft, and leaves a multi-engine turbine with no type rating to the pilot', () => {
    expect(
      result.aircraft.map((a) => [
        a.source,
        a.make_model,
        a.proposed?.rating_key ?? a.proposed?.category ?? null,
        a.proposed?.guessed ?? null,
        a.flights,
      ]),
    ).toEqual([
      ['N172AB', 'Cessna 172S', 'sep_land', false, 5],
      ['N738XY', 'Boeing 737-800', 'type_b737_300_900', false, 1],
      ['N350KA', 'Beechcraft King Air 350', null, null, 1],
      ['D-KTMG', 'Scheibe SF 25C', 'tmg', false, 1],
      ['SIM-FRASCA', 'Frasca 141', 'sep_land', true, 1],
      ['N44RH', 'Robinson R44', 'helicopter', false, 1],
    ]);
    expect(result.ready).toBe(false);
  });

  it('reads the row of an aircraft the pilot chose a rating for', () => {
    const chosen = read(fixture('foreflight-current.csv'), {
      aircraft: { N350KA: { category: 'airplane', rating_key: 'type_a320', engine: 'turboprop' } },
    });
    expect(chosen.flights.find((f) => f.line === 18)?.flight).toEqual({
      flight_id: id('2026-03-03', 'N350KA', 'KOAK', 'KRNO'),
      date: '2026-03-03',
      kind: 'flight',
      // The pilot chose the rating; the file's type designator and features stay.
      aircraft: airplane('type_a320', 'N350KA', 'B350', {
        engine: 'turboprop',
        features: ['complex', 'high_performance', 'retractable_gear', 'pressurized'],
      }),
      departure: 'KOAK',
      arrival: 'KRNO',
      minutes: minutes({ total_flight_time: 120, pic: 120, cross_country: 120, multi_engine: 120 }),
      landings: { day: 1, night: 0, day_full_stop: 1 },
    });
    expect(chosen.aircraft.find((a) => a.source === 'N350KA')?.chosen).toEqual({
      category: 'airplane',
      rating_key: 'type_a320',
      engine: 'turboprop',
    });
    expect(chosen.ready).toBe(true);
    expect(chosen.date_range).toEqual({ from: '2026-03-01', to: '2026-03-06' });
  });
});

/** A device of the Aircraft Table (its equipType `ffs`, `ftd`, `aatd` or `batd`): its rows are sessions. */
describe('ForeFlight: a device of the Aircraft Table', () => {
  it('reads a device row with no SimulatedFlight as a session of its total time', () => {
    const file = [
      'ForeFlight Logbook Import',
      'Aircraft Table',
      'AircraftID,equipType,TypeCode,Category/Class,EngineType',
      'FFS-A320,ffs,A320,airplane_multi_engine_land,Turbofan',
      'Flights Table',
      'Date,AircraftID,From,To,TotalTime,PIC,Takeoff Day,Landing Full-Stop Day,Holds',
      '2026-04-01,FFS-A320,EDDF,EDDF,4.0,2.0,3,3,1',
    ].join('\n');
    const session = read(new TextEncoder().encode(file));
    expect(flightsByLine(session)).toEqual([
      [
        7,
        {
          flight_id: id('2026-04-01', 'FFS-A320', 'EDDF', 'EDDF'),
          date: '2026-04-01',
          kind: 'simulator',
          aircraft: airplane('type_a320', 'FFS-A320', 'A320'),
          departure: 'EDDF',
          arrival: 'EDDF',
          minutes: minutes({ simulator: 240 }),
          landings: { day: 0, night: 0 },
          holds: 1,
        },
      ],
    ]);
    expect(session.rules_applied.map((r) => [r.rule, r.message])).toEqual([
      [
        'simulator_time_only',
        'simulator sessions keep their simulator time only; dropped: pic, day_landings, day_takeoffs',
      ],
    ]);
  });
});
