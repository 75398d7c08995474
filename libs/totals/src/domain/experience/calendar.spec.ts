import fc from 'fast-check';
import {
  addDays,
  addMonthsClamped,
  daysBetween,
  daysEndingOn,
  firstDayOfMonthShifted,
  lastDayOfMonthShifted,
  monthsEndingOn,
} from './calendar';

describe('calendar arithmetic', () => {
  it('adds days across month ends, year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('1900-02-28', 1)).toBe('1900-03-01');
    expect(addDays('1903-12-17', -365)).toBe('1902-12-17');
  });

  it('agrees with the UTC calendar of Date for any day from 1903 to 2200', () => {
    const start = Date.UTC(1903, 11, 17);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 108_000 }),
        fc.integer({ min: -1000, max: 1000 }),
        (offset, days) => {
          const date = new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
          const shifted = new Date(start + (offset + days) * 86_400_000).toISOString().slice(0, 10);
          expect(addDays(date, days)).toBe(shifted);
          expect(daysBetween(date, shifted)).toBe(days);
        },
      ),
    );
  });

  it('moves by months to the same day, or the month end when the month is shorter', () => {
    expect(addMonthsClamped('2026-08-31', -6)).toBe('2026-02-28');
    expect(addMonthsClamped('2026-05-31', -1)).toBe('2026-04-30');
    expect(addMonthsClamped('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonthsClamped('2024-02-29', -12)).toBe('2023-02-28');
    expect(addMonthsClamped('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsClamped('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonthsClamped('2026-03-15', -24)).toBe('2024-03-15');
  });

  it('finds the first and last day of a month some months away', () => {
    expect(firstDayOfMonthShifted('2026-08-31', -6)).toBe('2026-02-01');
    expect(firstDayOfMonthShifted('2026-01-10', -6)).toBe('2025-07-01');
    expect(lastDayOfMonthShifted('2023-08-10', 6)).toBe('2024-02-29');
    expect(lastDayOfMonthShifted('2025-08-31', 6)).toBe('2026-02-28');
    expect(lastDayOfMonthShifted('2026-06-01', 6)).toBe('2026-12-31');
  });
});

describe('the windows ending on a date', () => {
  it('takes the 90 days ending on D as D−89 through D', () => {
    expect(daysEndingOn('2026-03-31', 90)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(daysEndingOn('2024-03-31', 90)).toEqual({ from: '2024-01-02', to: '2024-03-31' });
    expect(daysEndingOn('2024-03-01', 90)).toEqual({ from: '2023-12-03', to: '2024-03-01' });
  });

  it('takes the N months ending on D as the dates after D minus N months, clamped, up to D', () => {
    // The spec's example: 2026-02-28 is excluded.
    expect(monthsEndingOn('2026-08-31', 6)).toEqual({ from: '2026-03-01', to: '2026-08-31' });
    expect(monthsEndingOn('2026-08-15', 6)).toEqual({ from: '2026-02-16', to: '2026-08-15' });
    // A 31st back to a month of 30 days.
    expect(monthsEndingOn('2026-12-31', 6)).toEqual({ from: '2026-07-01', to: '2026-12-31' });
    expect(monthsEndingOn('2026-10-31', 6)).toEqual({ from: '2026-05-01', to: '2026-10-31' });
    expect(monthsEndingOn('2026-09-30', 6)).toEqual({ from: '2026-03-31', to: '2026-09-30' });
    // Leap days, from either side.
    expect(monthsEndingOn('2024-02-29', 12)).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(monthsEndingOn('2025-02-28', 12)).toEqual({ from: '2024-02-29', to: '2025-02-28' });
    expect(monthsEndingOn('2024-08-29', 6)).toEqual({ from: '2024-03-01', to: '2024-08-29' });
    expect(monthsEndingOn('2024-08-28', 6)).toEqual({ from: '2024-02-29', to: '2024-08-28' });
    expect(monthsEndingOn('2026-02-28', 24)).toEqual({ from: '2024-02-29', to: '2026-02-28' });
    expect(monthsEndingOn('2028-02-29', 24)).toEqual({ from: '2026-03-01', to: '2028-02-29' });
  });

  it('meets the window ending N months earlier without gap or overlap, and always ends on D', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.constantFrom(6, 12, 24), (offset, months) => {
        const d = addDays('1950-01-01', offset);
        const window = monthsEndingOn(d, months);
        const before = monthsEndingOn(addMonthsClamped(d, -months), months);
        if (addMonthsClamped(addMonthsClamped(d, -months), months) === d) {
          expect(addDays(before.to, 1)).toBe(window.from);
        }
        expect(window.from <= d && window.to === d).toBe(true);
      }),
    );
  });
});
