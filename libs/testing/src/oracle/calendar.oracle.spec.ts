import {
  addDays,
  firstDayOfMonthsBefore,
  firstOfDaysEndingOn,
  firstOfMonthsEndingOn,
  isLeapYear,
  minusMonths,
  parsePlainDate,
} from './calendar.oracle';

describe('the oracle calendar', () => {
  it('knows the Gregorian leap years', () => {
    expect([1904, 2000, 2024, 2028].every(isLeapYear)).toBe(true);
    expect([1900, 2025, 2026, 2100].some(isLeapYear)).toBe(false);
  });

  it('refuses what is not a calendar date', () => {
    for (const text of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-01', '2026-00-10']) {
      expect(() => parsePlainDate(text)).toThrow();
    }
    expect(parsePlainDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('steps over month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-05-01', 0)).toBe('2026-05-01');
  });

  it('takes the 90 days ending on D as D-89 through D', () => {
    // June 3 to 30 is 28 days, July 31, August 31: 90.
    expect(firstOfDaysEndingOn('2026-08-31', 90)).toBe('2026-06-03');
    // Across a leap February: January 2 to 31 (30), February (29), March (31).
    expect(firstOfDaysEndingOn('2024-03-31', 90)).toBe('2024-01-02');
    expect(firstOfDaysEndingOn('2025-03-31', 90)).toBe('2025-01-01');
  });

  it('subtracts months to the same day, or the last day of a shorter month', () => {
    expect(minusMonths('2026-08-31', 6)).toBe('2026-02-28');
    expect(minusMonths('2024-08-31', 6)).toBe('2024-02-29');
    expect(minusMonths('2026-07-31', 1)).toBe('2026-06-30');
    expect(minusMonths('2026-03-15', 12)).toBe('2025-03-15');
    expect(minusMonths('2027-01-31', 24)).toBe('2025-01-31');
  });

  it('starts the N months ending on D the day after D minus N months', () => {
    // The spec's example: 2026-02-28 is excluded.
    expect(firstOfMonthsEndingOn('2026-08-31', 6)).toBe('2026-03-01');
    expect(firstOfMonthsEndingOn('2026-08-15', 6)).toBe('2026-02-16');
    // Leap days: the window ending on a leap day, and one that reaches back to a leap day.
    expect(firstOfMonthsEndingOn('2024-02-29', 12)).toBe('2023-03-01');
    expect(firstOfMonthsEndingOn('2025-02-28', 12)).toBe('2024-02-29');
    expect(firstOfMonthsEndingOn('2026-02-28', 24)).toBe('2024-02-29');
    expect(firstOfMonthsEndingOn('2024-08-31', 6)).toBe('2024-03-01');
    expect(firstOfMonthsEndingOn('2026-12-31', 12)).toBe('2026-01-01');
  });

  it('finds the first day of the sixth calendar month before a date', () => {
    expect(firstDayOfMonthsBefore('2026-08-15', 6)).toBe('2026-02-01');
    expect(firstDayOfMonthsBefore('2026-03-31', 6)).toBe('2025-09-01');
    expect(firstDayOfMonthsBefore('2026-06-01', 6)).toBe('2025-12-01');
  });
});
