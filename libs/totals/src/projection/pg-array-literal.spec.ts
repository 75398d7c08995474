import { integerArraysLiteral, unquotedArrayLiteral } from './pg-array-literal';

describe('Postgres array literals', () => {
  it('writes numbers, uuids and dates as they are and null as NULL', () => {
    expect(unquotedArrayLiteral([])).toBe('{}');
    expect(unquotedArrayLiteral([1, -2, null, 'f47ac10b-58cc-4372-a567-0e02b2c3d479', '2026-01-31'])).toBe(
      '{1,-2,NULL,f47ac10b-58cc-4372-a567-0e02b2c3d479,2026-01-31}',
    );
  });

  it('writes arrays of integers as quoted nested literals', () => {
    expect(integerArraysLiteral([])).toBe('{}');
    expect(integerArraysLiteral([[1, 2, 3], [], [0]])).toBe('{"{1,2,3}","{}","{0}"}');
  });
});
