/**
 * Calendar arithmetic for the experience oracle, done the slow way on purpose: a date is a plain
 * year, month and day, and every move is taken one day or one month at a time, so nothing rests
 * on Date, time zones or day numbers (which the production code may well use).
 */
export interface PlainDate {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to the month's length. */
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function parsePlainDate(text: string): PlainDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a calendar date: ${text}`);
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) {
    throw new Error(`not a calendar date: ${text}`);
  }
  return date;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export function formatPlainDate({ year, month, day }: PlainDate): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function nextDay({ year, month, day }: PlainDate): PlainDate {
  if (day < daysInMonth(year, month)) return { year, month, day: day + 1 };
  if (month < 12) return { year, month: month + 1, day: 1 };
  return { year: year + 1, month: 1, day: 1 };
}

function previousDay({ year, month, day }: PlainDate): PlainDate {
  if (day > 1) return { year, month, day: day - 1 };
  if (month > 1) return { year, month: month - 1, day: daysInMonth(year, month - 1) };
  return { year: year - 1, month: 12, day: 31 };
}

const stepped = new Map<string, string>();

/**
 * `text` moved by `days` (negative: back), one day at a time. Remembered, since the currency
 * search asks for the same windows again and again; the memory is bounded by the dates asked.
 */
export function addDays(text: string, days: number): string {
  const key = `${text} ${days}`;
  const known = stepped.get(key);
  if (known !== undefined) return known;
  let date = parsePlainDate(text);
  for (let i = 0; i < Math.abs(days); i++) date = days > 0 ? nextDay(date) : previousDay(date);
  const result = formatPlainDate(date);
  if (stepped.size > 100_000) stepped.clear();
  stepped.set(key, result);
  return result;
}

/** The year and month `months` calendar months before the given one, stepping a month at a time. */
function monthsBack(year: number, month: number, months: number): { year: number; month: number } {
  let at = { year, month };
  for (let i = 0; i < months; i++)
    at = at.month > 1 ? { year: at.year, month: at.month - 1 } : { year: at.year - 1, month: 12 };
  return at;
}

/**
 * D minus N months as the spec defines it: the same day of the month N months earlier, or that
 * month's last day when it has no such day.
 */
export function minusMonths(text: string, months: number): string {
  const date = parsePlainDate(text);
  const { year, month } = monthsBack(date.year, date.month, months);
  return formatPlainDate({ year, month, day: Math.min(date.day, daysInMonth(year, month)) });
}

/** The first day of the calendar month `months` months before the month of `text`. */
export function firstDayOfMonthsBefore(text: string, months: number): string {
  const date = parsePlainDate(text);
  const { year, month } = monthsBack(date.year, date.month, months);
  return formatPlainDate({ year, month, day: 1 });
}

/** The first date of "the N days ending on D": D−(N−1). */
export const firstOfDaysEndingOn = (to: string, days: number): string => addDays(to, -(days - 1));

/** The first date of "the N months ending on D": the day after D minus N months. */
export const firstOfMonthsEndingOn = (to: string, months: number): string =>
  addDays(minusMonths(to, months), 1);

/**
 * Inclusive range test. Every date here went through parsePlainDate and has a four-digit year,
 * so the fixed-width text orders as the calendar does.
 */
export const isWithin = (date: string, from: string, to: string): boolean => from <= date && date <= to;
