/// <reference types="jest" />
import { flightFieldWords, shownFieldOf, valuesOf } from './flight-values';

describe('the flight form, refused by the API', () => {
  const flight = valuesOf(undefined);
  const simulator = { ...flight, kind: 'simulator' };

  it('shows a detail beside the field its JSON path concerns', () => {
    const paths = ['minutes.pic', 'aircraft.registration', 'aircraft.features[1]', 'takeoffs.night', 'date'];
    expect(paths.map((p) => shownFieldOf(p, flight))).toEqual([
      'm_pic',
      'registration',
      'features',
      'night_takeoffs',
      'date',
    ]);
  });

  it('shows no field for a path the form has none for, nor for a flight-only field of a simulator session', () => {
    expect(['flight_id', 'aircraft', '(body)', 'minutes.nope'].map((p) => shownFieldOf(p, flight))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const flightOnly = ['aircraft.engine', 'aircraft.features', 'takeoffs.day', 'landings.night_full_stop'];
    expect(flightOnly.map((p) => shownFieldOf(p, simulator))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(['aircraft.type_designator', 'approaches'].map((p) => shownFieldOf(p, simulator))).toEqual([
      'type_designator',
      'approaches',
    ]);
  });

  it('says the bounds of a time in hours:minutes, as its field is typed, and of a count as the API does', () => {
    const outOfRange = (field: string, message: string) =>
      flightFieldWords({ field, issue: 'out_of_range', message }, field);
    expect(outOfRange('m_total_flight_time', 'must be from 0 to 1440')).toBe('must be at most 24:00');
    expect(outOfRange('day', 'must be from 0 to 99')).toBe('must be from 0 to 99');
  });
});
