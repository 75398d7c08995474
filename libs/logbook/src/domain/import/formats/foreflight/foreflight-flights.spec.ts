import { deriveFlightId } from '../../ids/flight-id';
import { airplane, fixture, flightsByLine, minutes, PILOT, read } from '@pft/testing/import-fixtures';

const id = (date: string, source: string, departure: string, arrival: string, rank = 0): string =>
  deriveFlightId(PILOT, 'foreflight', { kind: 'route', date, source, departure, arrival, rank });

const C172 = airplane('sep_land', 'N172AB', 'C172', { engine: 'piston', features: ['taa'] });

/** ForeFlight's Flights Table: its rows read as flight records, or refused, and what was left unused. */
describe('ForeFlight, current template: the Flights Table', () => {
  const result = read(fixture('foreflight-current.csv'));

  it('is detected by its first cell, and read in two tables with their data-type rows skipped', () => {
    expect([result.format, result.delimiter, result.rows, result.date_order]).toEqual([
      'foreflight',
      ',',
      10,
      'ymd',
    ]);
  });

  it('reads each valid row as the flight record written here by hand', () => {
    expect(flightsByLine(result)).toEqual([
      [
        16,
        {
          flight_id: id('2026-03-01', 'N172AB', 'KPAO', 'KSQL'),
          date: '2026-03-01',
          kind: 'flight',
          aircraft: C172,
          departure: 'KPAO',
          arrival: 'KSQL',
          // PIC while receiving dual (14 CFR 61.51(e)): both equal the total.
          minutes: minutes({
            total_flight_time: 90,
            pic: 90,
            dual: 90,
            simulated_instrument: 18,
            single_engine: 90,
          }),
          takeoffs: { day: 3, night: 0 },
          landings: { day: 3, night: 0, day_full_stop: 1, night_full_stop: 0 },
          approaches: 3,
          holds: 1,
          remarks: 'IPC with CFI',
        },
      ],
      [
        17,
        {
          flight_id: id('2026-03-02', 'N738XY', 'KSFO', 'KLAX'),
          date: '2026-03-02',
          kind: 'flight',
          aircraft: airplane('type_b737_300_900', 'N738XY', 'B738', {
            engine: 'turbojet',
            features: ['complex', 'high_performance', 'retractable_gear', 'pressurized', 'taa'],
          }),
          departure: 'KSFO',
          arrival: 'KLAX',
          minutes: minutes({
            total_flight_time: 85,
            sic: 85,
            cross_country: 85,
            night: 30,
            actual_instrument: 20,
            multi_engine: 85,
            multi_pilot: 85,
          }),
          takeoffs: { day: 0, night: 1 },
          landings: { day: 0, night: 1, day_full_stop: 0, night_full_stop: 1 },
          approaches: 1,
        },
      ],
      [
        19,
        {
          flight_id: id('2026-03-04', 'D-KTMG', 'EDKT', 'EDKT'),
          date: '2026-03-04',
          kind: 'flight',
          aircraft: airplane('tmg', 'D-KTMG', 'SF25', { engine: 'piston', features: ['tailwheel'] }),
          departure: 'EDKT',
          arrival: 'EDKT',
          minutes: minutes({ total_flight_time: 45, pic: 45, single_engine: 45 }),
          takeoffs: { day: 1, night: 0 },
          landings: { day: 1, night: 0, day_full_stop: 1 },
        },
      ],
      [
        20,
        {
          flight_id: id('2026-03-05', 'SIM-FRASCA', '', ''),
          date: '2026-03-05',
          kind: 'simulator',
          aircraft: airplane('sep_land', 'SIM-FRASCA'),
          minutes: minutes({ simulator: 72 }),
          landings: { day: 0, night: 0 },
          approaches: 4,
          holds: 2,
        },
      ],
      [
        21,
        {
          flight_id: id('2026-03-06', 'N44RH', 'KPAO', 'KPAO'),
          date: '2026-03-06',
          kind: 'flight',
          aircraft: {
            category: 'helicopter',
            registration: 'N44RH',
            type_designator: 'R44',
            engine: 'piston',
          },
          departure: 'KPAO',
          arrival: 'KPAO',
          minutes: minutes({ total_flight_time: 48, pic: 48 }),
          landings: { day: 2, night: 0, day_full_stop: 2 },
        },
      ],
      [
        24,
        {
          flight_id: id('2026-03-01', 'N172AB', 'KPAO', 'KSQL', 1),
          date: '2026-03-01',
          kind: 'flight',
          aircraft: C172,
          departure: 'KPAO',
          arrival: 'KSQL',
          minutes: minutes({ total_flight_time: 30, pic: 30, single_engine: 30 }),
          landings: { day: 1, night: 0, day_full_stop: 1 },
        },
      ],
    ]);
  });

  it('refuses each invalid row with its reason, by line and source column', () => {
    expect(result.problems).toEqual([
      {
        line: 18,
        column: 'AircraftID',
        issue: 'aircraft_not_mapped',
        message: 'aircraft "N350KA" needs a rating: choose one',
      },
      {
        line: 22,
        issue: 'sum_exceeds_total',
        message: 'minutes pic + sic must be at most total_flight_time',
      },
      {
        line: 23,
        column: 'DualReceived',
        issue: 'exceeds_total',
        message: 'minutes.dual must be at most total_flight_time',
      },
      {
        line: 25,
        column: 'Approach1',
        issue: 'invalid_approach',
        message: 'must begin with a count: count;type;runway;airport;comments',
      },
    ]);
  });

  it('names every unused column and every rule applied', () => {
    expect(result.unused_columns).toEqual([
      'Aircraft Table: Year',
      'Aircraft Table: equipType (EASA)',
      'Aircraft Table: complexAircraft (EASA)',
      'Aircraft Table: multiPilot (EASA)',
      'Aircraft Table: sphp (EASA)',
      'Route',
      'TimeOut',
      'TimeOff',
      'TimeOn',
      'TimeIn',
      'OnDuty',
      'OffDuty',
      'Solo',
      'PICUS',
      'IFR',
      'Examiner',
      'NVG',
      'NVGOps',
      'Distance',
      'GroundTraining',
      'InstructorName',
    ]);
    expect(result.rules_applied.map((r) => [r.rule, r.lines])).toEqual([
      ['decimal_comma', [19]],
      ['engine_time_from_class', [16, 17, 19, 24]],
      ['simulator_time_only', [20]],
    ]);
    expect(result.rules_applied[2]!.message).toBe(
      'simulator sessions keep their simulator time only; dropped: simulated_instrument, day_landings',
    );
  });

  it('adds the unused cells to the remarks when the pilot asks', () => {
    const withRemarks = read(fixture('foreflight-current.csv'), { unused_columns_to_remarks: true });
    expect(withRemarks.flights[0]!.flight.remarks).toBe(
      'IPC with CFI | Route: KPAO KSQL; Distance: 22; InstructorName: J. Smith',
    );
  });
});

describe('ForeFlight, older export: the Flights Table', () => {
  const result = read(fixture('foreflight-older.csv'));

  it('reads Category and Class, and AllLandings beyond the full stops as touch-and-go by day', () => {
    expect(flightsByLine(result)).toEqual([
      [
        10,
        {
          flight_id: id('2019-07-04', 'N5678', 'KAPA', 'KCOS'),
          date: '2019-07-04',
          kind: 'flight',
          aircraft: airplane('mep_land', 'N5678', 'PA44', {
            engine: 'piston',
            features: ['complex', 'retractable_gear'],
          }),
          departure: 'KAPA',
          arrival: 'KCOS',
          minutes: minutes({
            total_flight_time: 78,
            pic: 78,
            cross_country: 78,
            night: 24,
            multi_engine: 78,
          }),
          takeoffs: { day: 2, night: 1 },
          landings: { day: 3, night: 1, day_full_stop: 1, night_full_stop: 1 },
          remarks: 'Multi XC',
        },
      ],
    ]);
    expect(result.problems).toEqual([
      {
        line: 11,
        column: 'AllLandings',
        issue: 'invalid_value',
        message: 'is fewer than the full-stop landings',
      },
    ]);
    expect(result.aircraft.map((a) => [a.source, a.proposed?.rating_key, a.proposed?.features])).toEqual([
      ['N5678', 'mep_land', ['complex', 'retractable_gear']],
      ['N22RC', 'sep_land', ['tailwheel']],
    ]);
    expect(result.unused_columns).toEqual([
      'Aircraft Table: Year',
      'Route',
      'TimeOut',
      'TimeIn',
      'Solo',
      'NVG',
      'HobbsStart',
      'HobbsEnd',
      'GroundTraining',
      'InstructorName',
      'Person1',
    ]);
  });

  it('refuses a file with no Flights Table, naming it', () => {
    const noFlights = read(
      new TextEncoder().encode('ForeFlight Logbook Import\nAircraft Table\nAircraftID,Make\nN1,Piper\n'),
    );
    expect(noFlights.problems).toEqual([
      { line: 1, issue: 'missing_section', message: 'the file has no Flights Table' },
    ]);
    expect(noFlights.ready).toBe(false);
  });
});
