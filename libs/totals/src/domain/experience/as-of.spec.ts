import { parseAsOf } from './as-of';

describe('parseAsOf', () => {
  const today = '2026-12-02';

  it('is today when absent', () => {
    expect(parseAsOf(undefined, today)).toEqual({ ok: true, asOf: today });
  });

  it.each(['1903-12-17', '2024-02-29', '2026-12-02', '2026-12-03'])('takes %s', (value) => {
    expect(parseAsOf(value, today)).toEqual({ ok: true, asOf: value });
  });

  it('takes tomorrow across a year end', () => {
    expect(parseAsOf('2027-01-01', '2026-12-31')).toEqual({ ok: true, asOf: '2027-01-01' });
  });

  it.each(['2025-02-29', '2026-13-01', '2026-04-31', '2026-00-10', '2026-1-01', '20261201', '', 'today'])(
    'refuses %j as not a calendar date',
    (value) => {
      expect(parseAsOf(value, today)).toEqual({
        ok: false,
        problem: { issue: 'invalid_format', message: 'as_of must be a calendar date, YYYY-MM-DD' },
      });
    },
  );

  it.each(['1903-12-16', '2026-12-04', '9999-12-31'])('refuses %s as out of range', (value) => {
    expect(parseAsOf(value, today)).toEqual({
      ok: false,
      problem: {
        issue: 'out_of_range',
        message: 'as_of must be from 1903-12-17 to tomorrow (UTC), 2026-12-03',
      },
    });
  });

  it('refuses a repeated parameter', () => {
    expect(parseAsOf(['2026-01-01', '2026-01-02'], today)).toMatchObject({
      ok: false,
      problem: { issue: 'repeated' },
    });
  });
});
