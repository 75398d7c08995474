import { randomUUID } from 'node:crypto';
import { flightBody as validFlightBody } from '@pft/testing/flight-body';
import { parseFlight } from './flight.rules';

const TODAY = '2026-05-10';

/** A valid airplane flight as the pilot app sends it, with remarks; `over` replaces top-level fields. */
const flightBody = (over: Record<string, unknown> = {}): Record<string, unknown> =>
  validFlightBody({ remarks: 'checkout', ...over });
const simulatorBody = (over: Record<string, unknown> = {}): Record<string, unknown> =>
  flightBody({
    kind: 'simulator',
    aircraft: { category: 'airplane' },
    minutes: { simulator: 60 },
    landings: undefined,
    ...over,
  });
const minutesWith = (minutes: Record<string, unknown>) =>
  flightBody({ minutes: { total_flight_time: 60, ...minutes } });

function issuesOf(input: unknown, path = ''): { field: string; issue: string }[] {
  const result = parseFlight(input, TODAY, path);
  if (result.ok) return [];
  return result.issues.map(({ field, issue }) => ({ field, issue }));
}

describe('parseFlight', () => {
  it('accepts a valid flight and stores every minutes field, missing ones as 0', () => {
    const body = flightBody();
    const result = parseFlight(body, TODAY);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.minutes).toEqual({
      total_flight_time: 95,
      pic: 95,
      sic: 0,
      dual: 0,
      instructor: 0,
      cross_country: 95,
      night: 0,
      actual_instrument: 10,
      simulated_instrument: 0,
      single_engine: 95,
      multi_engine: 0,
      multi_pilot: 0,
      simulator: 0,
    });
    expect(result.value.landings).toEqual({ day: 1, night: 0 });
    expect(result.value.aircraft).toEqual({
      category: 'airplane',
      rating_key: 'sep_land',
      registration: 'D-EABC',
    });
  });

  it('stores the flight id in lower case and absent landings as 0', () => {
    const id = randomUUID().toUpperCase();
    const result = parseFlight(flightBody({ flight_id: id, landings: undefined }), TODAY);
    expect(result.ok && result.value.flight_id).toBe(id.toLowerCase());
    expect(result.ok && result.value.landings).toEqual({ day: 0, night: 0 });
  });

  it('accepts a simulator session with or without a rating key', () => {
    expect(parseFlight(simulatorBody(), TODAY).ok).toBe(true);
    expect(
      parseFlight(simulatorBody({ aircraft: { category: 'airplane', rating_key: 'type_a320' } }), TODAY).ok,
    ).toBe(true);
    expect(parseFlight(simulatorBody({ aircraft: { category: 'helicopter' } }), TODAY).ok).toBe(true);
  });

  it.each([
    ['not an object', [], '(body)', 'wrong_type'],
    ['null', null, '(body)', 'wrong_type'],
  ])('rejects a body that is %s', (_what, body, field, issue) => {
    expect(issuesOf(body)).toEqual([{ field, issue }]);
  });

  it.each([
    ['unknown top-level field', { color: 'red' }, 'color', 'unknown_field'],
    ['ifr sent', { minutes: { total_flight_time: 10, ifr: 5 } }, 'minutes.ifr', 'unknown_field'],
    [
      'unknown aircraft field',
      { aircraft: { category: 'airplane', rating_key: 'sep_land', seats: 4 } },
      'aircraft.seats',
      'unknown_field',
    ],
    [
      'unknown landings field',
      { landings: { day: 1, touch_and_go: 2 } },
      'landings.touch_and_go',
      'unknown_field',
    ],
    ['missing flight_id', { flight_id: undefined }, 'flight_id', 'required'],
    ['flight_id not a UUID', { flight_id: 'abc' }, 'flight_id', 'invalid_format'],
    ['flight_id a number', { flight_id: 7 }, 'flight_id', 'wrong_type'],
    ['missing date', { date: undefined }, 'date', 'required'],
    ['date not a date', { date: '2026-02-30' }, 'date', 'invalid_format'],
    ['date with a time', { date: '2026-05-01T10:00:00Z' }, 'date', 'invalid_format'],
    ['date before the first flight', { date: '1903-12-16' }, 'date', 'out_of_range'],
    ['date after tomorrow', { date: '2026-05-12' }, 'date', 'out_of_range'],
    ['missing kind', { kind: undefined }, 'kind', 'required'],
    ['unknown kind', { kind: 'glider' }, 'kind', 'invalid_value'],
    ['missing aircraft', { aircraft: undefined }, 'aircraft', 'required'],
    ['aircraft not an object', { aircraft: 'C172' }, 'aircraft', 'wrong_type'],
    ['missing category', { aircraft: { rating_key: 'sep_land' } }, 'aircraft.category', 'required'],
    ['unknown category', { aircraft: { category: 'rocket' } }, 'aircraft.category', 'invalid_value'],
    [
      'airplane flight without rating key',
      { aircraft: { category: 'airplane' } },
      'aircraft.rating_key',
      'required',
    ],
    [
      'rating key not in the catalog',
      { aircraft: { category: 'airplane', rating_key: 'type_nope' } },
      'aircraft.rating_key',
      'unknown_rating',
    ],
    [
      'rating key on a helicopter',
      { aircraft: { category: 'helicopter', rating_key: 'sep_land' } },
      'aircraft.rating_key',
      'not_allowed',
    ],
    [
      'registration too long',
      { aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABCDEFGH' } },
      'aircraft.registration',
      'too_long',
    ],
    ['departure too short', { departure: 'ED' }, 'departure', 'invalid_format'],
    ['arrival with symbols', { arrival: 'ED-F' }, 'arrival', 'invalid_format'],
    ['remarks too long', { remarks: 'x'.repeat(501) }, 'remarks', 'too_long'],
    ['remarks not a string', { remarks: 5 }, 'remarks', 'wrong_type'],
    ['missing minutes', { minutes: undefined }, 'minutes', 'required'],
    [
      'minutes as a string',
      { minutes: { total_flight_time: '60' } },
      'minutes.total_flight_time',
      'wrong_type',
    ],
    [
      'fractional minutes',
      { minutes: { total_flight_time: 60.5 } },
      'minutes.total_flight_time',
      'wrong_type',
    ],
    ['negative minutes', { minutes: { total_flight_time: -1 } }, 'minutes.total_flight_time', 'out_of_range'],
    [
      'minutes above a day',
      { minutes: { total_flight_time: 1441 } },
      'minutes.total_flight_time',
      'out_of_range',
    ],
    ['landings above 99', { landings: { day: 100 } }, 'landings.day', 'out_of_range'],
    ['negative landings', { landings: { night: -1 } }, 'landings.night', 'out_of_range'],
    ['landings null', { landings: null }, 'landings', 'wrong_type'],
  ])('rejects %s', (_what, over, field, issue) => {
    expect(issuesOf(flightBody(over))).toEqual([{ field, issue }]);
  });

  it.each([
    ['simulator time on a flight', { simulator: 10 }, 'minutes.simulator', 'must_be_zero'],
    ['instructor above the total', { instructor: 61 }, 'minutes.instructor', 'exceeds_total'],
    ['night above the total', { night: 61 }, 'minutes.night', 'exceeds_total'],
    ['pic + sic above the total', { pic: 40, sic: 21 }, 'minutes', 'sum_exceeds_total'],
    ['dual above the total', { dual: 61 }, 'minutes.dual', 'exceeds_total'],
    [
      'single + multi engine above the total',
      { single_engine: 40, multi_engine: 40 },
      'minutes',
      'sum_exceeds_total',
    ],
    [
      'actual + simulated instrument above the total',
      { actual_instrument: 40, simulated_instrument: 40 },
      'minutes',
      'sum_exceeds_total',
    ],
  ])('rejects %s', (_what, minutes, field, issue) => {
    expect(issuesOf(minutesWith(minutes))).toEqual([{ field, issue }]);
  });

  it('accepts PIC logged while receiving dual (14 CFR 61.51(e)): pic, dual and the total all equal', () => {
    const result = parseFlight(minutesWith({ pic: 60, dual: 60 }), TODAY);
    expect(result.ok && result.value.minutes).toMatchObject({ total_flight_time: 60, pic: 60, dual: 60 });
  });

  it('accepts pic + sic + dual above the total while pic + sic is within it', () => {
    expect(issuesOf(minutesWith({ pic: 30, sic: 30, dual: 60 }))).toEqual([]);
  });

  it('names the pic + sic sum in its message', () => {
    const result = parseFlight(minutesWith({ pic: 40, sic: 21 }), TODAY);
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([
      'pic + sic must be at most total_flight_time',
    ]);
  });

  it.each([
    ['no simulator time', { minutes: { simulator: 0 } }, 'minutes.simulator', 'out_of_range'],
    [
      'flight time in a session',
      { minutes: { simulator: 60, total_flight_time: 60 } },
      'minutes.total_flight_time',
      'must_be_zero',
    ],
    ['landings in a session', { landings: { day: 1 } }, 'landings.day', 'must_be_zero'],
  ])('rejects a simulator session with %s', (_what, over, field, issue) => {
    expect(issuesOf(simulatorBody(over))).toEqual([{ field, issue }]);
  });

  it('accepts the day after today and the first flight day, at the edges', () => {
    expect(parseFlight(flightBody({ date: '2026-05-11' }), TODAY).ok).toBe(true);
    expect(parseFlight(flightBody({ date: '1903-12-17' }), TODAY).ok).toBe(true);
  });

  it('checks the rules between times even when another field is bad, and reports both', () => {
    expect(
      issuesOf(
        flightBody({
          remarks: 'r'.repeat(501),
          minutes: { total_flight_time: 10, pic: 20, single_engine: 10 },
        }),
      ),
    ).toEqual([
      { field: 'remarks', issue: 'too_long' },
      { field: 'minutes.pic', issue: 'exceeds_total' },
      { field: 'minutes', issue: 'sum_exceeds_total' },
    ]);
    expect(
      issuesOf(
        flightBody({
          departure: 'not an airport',
          minutes: { total_flight_time: 60, pic: 60, simulator: 5 },
        }),
      ),
    ).toEqual([
      { field: 'departure', issue: 'invalid_format' },
      { field: 'minutes.simulator', issue: 'must_be_zero' },
    ]);
    expect(issuesOf(simulatorBody({ remarks: 5, landings: { day: 3 } }), 'flights[0]')).toEqual([
      { field: 'flights[0].remarks', issue: 'wrong_type' },
      { field: 'flights[0].landings.day', issue: 'must_be_zero' },
    ]);
  });

  it('reports every problem at once, under the given path', () => {
    const issues = issuesOf(
      flightBody({ date: 'x', kind: 'y', extra: 1, minutes: { pic: 'a' } }),
      'flights[3]',
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { field: 'flights[3].date', issue: 'invalid_format' },
        { field: 'flights[3].kind', issue: 'invalid_value' },
        { field: 'flights[3].extra', issue: 'unknown_field' },
        { field: 'flights[3].minutes.pic', issue: 'wrong_type' },
      ]),
    );
    expect(issues).toHaveLength(4);
  });
});
