import { randomUUID } from 'node:crypto';
import { EXPERIENCE_FEATURES } from '@pft/testing/oracle';
import { parseFlight } from './flight.rules';

const TODAY = '2026-05-10';
const AIRCRAFT = { category: 'airplane', rating_key: 'sep_land' };

/** A valid airplane flight with every field of richer records; `over` replaces top-level fields. */
const flightBody = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  flight_id: randomUUID(),
  date: '2026-05-01',
  kind: 'flight',
  aircraft: { ...AIRCRAFT, type_designator: 'C172', engine: 'piston', features: ['high_performance'] },
  minutes: { total_flight_time: 95, pic: 95, single_engine: 95 },
  takeoffs: { day: 1, night: 1 },
  landings: { day: 1, night: 1, day_full_stop: 1, night_full_stop: 1 },
  approaches: 2,
  holds: 1,
  ...over,
});
const simulatorBody = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  flight_id: randomUUID(),
  date: '2026-05-01',
  kind: 'simulator',
  aircraft: { category: 'airplane', type_designator: 'A320' },
  minutes: { simulator: 120 },
  approaches: 8,
  holds: 2,
  ...over,
});
const withAircraft = (aircraft: Record<string, unknown>) =>
  flightBody({ aircraft: { ...AIRCRAFT, ...aircraft } });

function issuesOf(input: unknown, path = ''): { field: string; issue: string }[] {
  const result = parseFlight(input, TODAY, path);
  if (result.ok) return [];
  return result.issues.map(({ field, issue }) => ({ field, issue }));
}

describe('parseFlight: the fields of richer records', () => {
  it('stores every field as sent', () => {
    const body = flightBody();
    const result = parseFlight(body, TODAY);
    expect(result).toEqual({ ok: true, value: { ...body, minutes: expect.any(Object) } });
  });

  it('leaves out every field left out: no takeoffs, full stops, approaches, holds, type, engine or features', () => {
    const result = parseFlight(
      flightBody({
        aircraft: AIRCRAFT,
        takeoffs: undefined,
        landings: { day: 1 },
        approaches: undefined,
        holds: undefined,
      }),
      TODAY,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.aircraft).toEqual(AIRCRAFT);
    expect(result.value.landings).toEqual({ day: 1, night: 0 });
    for (const field of ['takeoffs', 'approaches', 'holds']) expect(result.value).not.toHaveProperty(field);
  });

  it('stores features in the order of the list, whatever order they were sent in', () => {
    const sent = ['taa', 'complex', 'retractable_gear', 'tailwheel', 'pressurized', 'high_performance'];
    const result = parseFlight(withAircraft({ features: sent }), TODAY);
    expect(result.ok && result.value.aircraft.features).toEqual(EXPERIENCE_FEATURES);
  });

  it('keeps an empty list of features as sent', () => {
    const result = parseFlight(withAircraft({ features: [] }), TODAY);
    expect(result.ok && result.value.aircraft.features).toEqual([]);
  });

  it.each(['C172', 'PA28', 'B738', 'A320', 'R44', 'EC35', 'A2'])(
    'accepts the type designator %s',
    (designator) => {
      expect(issuesOf(withAircraft({ type_designator: designator }))).toEqual([]);
    },
  );

  it.each(['piston', 'turboprop', 'turbojet', 'turboshaft', 'electric'])(
    'accepts the engine %s',
    (engine) => {
      expect(issuesOf(withAircraft({ engine }))).toEqual([]);
    },
  );

  it('accepts them on every category, and takeoffs, full stops, approaches and holds at 0 and 99', () => {
    const helicopter = { category: 'helicopter', type_designator: 'R44', engine: 'piston', features: [] };
    expect(issuesOf(flightBody({ aircraft: helicopter }))).toEqual([]);
    const at = (n: number) =>
      flightBody({
        takeoffs: { day: n, night: n },
        landings: { day: 99, night: 99, day_full_stop: n, night_full_stop: n },
        approaches: n,
        holds: n,
      });
    expect(issuesOf(at(0))).toEqual([]);
    expect(issuesOf(at(99))).toEqual([]);
  });

  it.each([
    [
      'a lower-case type designator',
      { type_designator: 'c172' },
      'aircraft.type_designator',
      'invalid_format',
    ],
    [
      'a type designator of 1 character',
      { type_designator: 'C' },
      'aircraft.type_designator',
      'invalid_format',
    ],
    [
      'a type designator of 5 characters',
      { type_designator: 'C1720' },
      'aircraft.type_designator',
      'invalid_format',
    ],
    [
      'a type designator starting with a digit',
      { type_designator: '737' },
      'aircraft.type_designator',
      'invalid_format',
    ],
    [
      'a type designator with a dash',
      { type_designator: 'B-73' },
      'aircraft.type_designator',
      'invalid_format',
    ],
    ['a type designator not a string', { type_designator: 172 }, 'aircraft.type_designator', 'wrong_type'],
    ['an unknown engine', { engine: 'jet' }, 'aircraft.engine', 'invalid_value'],
    ['an engine in capitals', { engine: 'PISTON' }, 'aircraft.engine', 'invalid_value'],
    ['features not a list', { features: 'taa' }, 'aircraft.features', 'wrong_type'],
    ['an unknown feature', { features: ['taa', 'glass'] }, 'aircraft.features[1]', 'invalid_value'],
    ['a feature not a string', { features: [1] }, 'aircraft.features[0]', 'invalid_value'],
    ['a feature twice', { features: ['taa', 'complex', 'taa'] }, 'aircraft.features[2]', 'duplicate'],
  ])('refuses %s', (_what, aircraft, field, issue) => {
    expect(issuesOf(withAircraft(aircraft))).toEqual([{ field, issue }]);
  });

  it.each([
    ['takeoffs without night', { takeoffs: { day: 1 } }, 'takeoffs.night', 'required'],
    ['takeoffs without day', { takeoffs: { night: 0 } }, 'takeoffs.day', 'required'],
    ['takeoffs not an object', { takeoffs: 2 }, 'takeoffs', 'wrong_type'],
    ['100 day takeoffs', { takeoffs: { day: 100, night: 0 } }, 'takeoffs.day', 'out_of_range'],
    ['negative night takeoffs', { takeoffs: { day: 0, night: -1 } }, 'takeoffs.night', 'out_of_range'],
    ['a fraction of a takeoff', { takeoffs: { day: 1.5, night: 0 } }, 'takeoffs.day', 'wrong_type'],
    [
      'an unknown takeoffs field',
      { takeoffs: { day: 1, night: 0, touch: 1 } },
      'takeoffs.touch',
      'unknown_field',
    ],
    [
      'more day full stops than day landings',
      { landings: { day: 1, night: 1, day_full_stop: 2 } },
      'landings.day_full_stop',
      'exceeds_total',
    ],
    [
      'night full stops without night landings',
      { landings: { day: 3, night_full_stop: 1 } },
      'landings.night_full_stop',
      'exceeds_total',
    ],
    [
      'full stops above 99',
      { landings: { day: 99, day_full_stop: 100 } },
      'landings.day_full_stop',
      'out_of_range',
    ],
    ['100 approaches', { approaches: 100 }, 'approaches', 'out_of_range'],
    ['negative holds', { holds: -1 }, 'holds', 'out_of_range'],
    ['approaches as text', { approaches: '2' }, 'approaches', 'wrong_type'],
  ])('refuses %s', (_what, over, field, issue) => {
    expect(issuesOf(flightBody(over))).toEqual([{ field, issue }]);
  });

  it('asks for both times of day when takeoffs are sent empty', () => {
    expect(issuesOf(flightBody({ takeoffs: {} }))).toEqual([
      { field: 'takeoffs.day', issue: 'required' },
      { field: 'takeoffs.night', issue: 'required' },
    ]);
  });

  it('names each problem under the path of the flight in an import', () => {
    expect(
      issuesOf(flightBody({ landings: { day: 0, day_full_stop: 1 }, holds: 100 }), 'flights[2]'),
    ).toEqual([
      { field: 'flights[2].holds', issue: 'out_of_range' },
      { field: 'flights[2].landings.day_full_stop', issue: 'exceeds_total' },
    ]);
  });

  describe('a simulator session', () => {
    it('may carry a type designator, approaches and holds, and takeoffs and full stops at 0', () => {
      const body = simulatorBody({
        takeoffs: { day: 0, night: 0 },
        landings: { day: 0, night: 0, day_full_stop: 0, night_full_stop: 0 },
      });
      const result = parseFlight(body, TODAY);
      expect(result.ok).toBe(true);
      expect(result.ok && result.value).toMatchObject({
        aircraft: { category: 'airplane', type_designator: 'A320' },
        takeoffs: { day: 0, night: 0 },
        approaches: 8,
        holds: 2,
      });
      expect(issuesOf(simulatorBody())).toEqual([]);
    });

    it.each([
      ['day takeoffs', { takeoffs: { day: 1, night: 0 } }, 'takeoffs.day', 'must_be_zero'],
      ['night takeoffs', { takeoffs: { day: 0, night: 2 } }, 'takeoffs.night', 'must_be_zero'],
      ['full stops', { landings: { day_full_stop: 1 } }, 'landings.day_full_stop', 'must_be_zero'],
      [
        'an engine',
        { aircraft: { category: 'airplane', engine: 'turbojet' } },
        'aircraft.engine',
        'not_allowed',
      ],
      ['features', { aircraft: { category: 'airplane', features: [] } }, 'aircraft.features', 'not_allowed'],
    ])('refuses %s', (_what, over, field, issue) => {
      expect(issuesOf(simulatorBody(over))).toEqual([{ field, issue }]);
    });
  });
});
