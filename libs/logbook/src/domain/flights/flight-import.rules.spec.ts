import { randomUUID } from 'node:crypto';
import { parseFlightImport } from './flight-import.rules';

const TODAY = '2026-05-10';
const flight = (over: Record<string, unknown> = {}) => ({
  flight_id: randomUUID(),
  date: '2026-05-01',
  kind: 'flight',
  aircraft: { category: 'helicopter' },
  minutes: { total_flight_time: 30, pic: 30 },
  ...over,
});
const issuesOf = (input: unknown) => {
  const result = parseFlightImport(input, TODAY);
  return result.ok ? [] : result.issues.map(({ field, issue }) => ({ field, issue }));
};

describe('parseFlightImport', () => {
  it('accepts up to 1,000 flights, in order', () => {
    const flights = Array.from({ length: 1000 }, () => flight());
    const result = parseFlightImport({ flights }, TODAY);
    expect(result.ok && result.value.map((f) => f.flight_id)).toEqual(flights.map((f) => f.flight_id));
  });

  it.each([
    ['a body that is not an object', [], '(body)', 'wrong_type'],
    ['no flights', {}, 'flights', 'required'],
    ['flights that is not an array', { flights: {} }, 'flights', 'wrong_type'],
    ['an empty list', { flights: [] }, 'flights', 'empty'],
    ['1,001 flights', { flights: Array.from({ length: 1001 }, () => flight()) }, 'flights', 'too_many'],
    ['an unknown field', { flights: [flight()], source: 'x' }, 'source', 'unknown_field'],
  ])('rejects %s', (_what, body, field, issue) => {
    expect(issuesOf(body)).toEqual([{ field, issue }]);
  });

  it('names the index of every bad flight', () => {
    const body = {
      flights: [flight(), flight({ date: '1900-01-01' }), flight(), flight({ minutes: { pic: 'x' } })],
    };
    expect(issuesOf(body)).toEqual([
      { field: 'flights[1].date', issue: 'out_of_range' },
      { field: 'flights[3].minutes.pic', issue: 'wrong_type' },
    ]);
  });
});
