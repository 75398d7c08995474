/**
 * Calendar arithmetic on `YYYY-MM-DD` dates (UTC calendar days), with no clock: the windows of the
 * pilot's experience and of the currency rules. Days are counted from 1970-01-01 with the civil
 * calendar algorithm, so any year works (no two-digit year surprises of `Date.UTC`).
 */

interface YearMonthDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `of` remembering its answers, up to `limit` of them (then it starts afresh). A read as of a date works
 * out the same few dates for every pilot (the windows, each rule's first day), and each pilot's days
 * recur from read to read: remembered, the date arithmetic was a third of a cold experience read's CPU.
 */
export function remembered<K, V>(limit: number, of: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= limit) answers.clear();
      answer = of(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** About 27 years of days. */
export const REMEMBERED_DATES = 10_000;

const partsOf = remembered(REMEMBERED_DATES, (date: string): Readonly<YearMonthDay> => {
  const match = DATE.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return Object.freeze({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
});

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** `YYYY-MM-DD` of a year, month (1 to 12) and day. */
export function dateText(year: number, month: number, day: number): string {
  // Month and day padded by hand: padStart made a string of each part, for dates every read works out.
  return `${year >= 1000 ? year : pad(year, 4)}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

const dateOf = ({ year, month, day }: YearMonthDay): string => dateText(year, month, day);

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/** Days since 1970-01-01 (H. Hinnant's days_from_civil). */
function dayNumberOf({ year, month, day }: YearMonthDay): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The date of a day number (H. Hinnant's civil_from_days). */
function partsOfDayNumber(dayNumber: number): YearMonthDay {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const dayNumberOfDate = remembered(REMEMBERED_DATES, (date: string) => dayNumberOf(partsOf(date)));
const dateOfDayNumber = remembered(REMEMBERED_DATES, (dayNumber: number) =>
  dateOf(partsOfDayNumber(dayNumber)),
);

/** `date` shifted by `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOfDate(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumberOfDate(to) - dayNumberOfDate(from);
}

/** Year and month `months` calendar months after (negative: before) those of `date`. */
function shiftMonth(date: string, months: number): { year: number; month: number; day: number } {
  const { year, month, day } = partsOf(date);
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1, day };
}

/**
 * The same day of the month `months` calendar months after (negative: before) `date`, or that
 * month's last day when it has no such day: 2026-08-31 minus 6 months is 2026-02-28.
 */
export function addMonthsClamped(date: string, months: number): string {
  const { year, month, day } = shiftMonth(date, months);
  return dateOf({ year, month, day: Math.min(day, daysInMonth(year, month)) });
}

/** The first day of the month `months` calendar months after (negative: before) the month of `date`. */
export function firstDayOfMonthShifted(date: string, months: number): string {
  const { year, month } = shiftMonth(date, months);
  return dateOf({ year, month, day: 1 });
}

/** The last day of the month `months` calendar months after (negative: before) the month of `date`. */
export function lastDayOfMonthShifted(date: string, months: number): string {
  const { year, month } = shiftMonth(date, months);
  return dateOf({ year, month, day: daysInMonth(year, month) });
}

/** A run of calendar days, both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

/** The `days` days ending on `date`: `date` − (`days` − 1) through `date` (90 days: D−89..D). */
export function daysEndingOn(date: string, days: number): DateRange {
  return { from: addDays(date, -(days - 1)), to: date };
}

/**
 * The `months` months ending on `date`: the dates after `date` minus `months` months (clamped to
 * that month's last day) up to `date`. For 2026-08-31 and 6 months: 2026-03-01 through 2026-08-31.
 */
export function monthsEndingOn(date: string, months: number): DateRange {
  return { from: addDays(addMonthsClamped(date, -months), 1), to: date };
}

export const isWithin = (date: string, range: DateRange): boolean => date >= range.from && date <= range.to;
