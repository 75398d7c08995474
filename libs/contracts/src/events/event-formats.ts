import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * The JSON Schema formats `date`, `date-time` and `uuid` as ajv-formats checks them, with a first look at
 * the one form the service writes them in (`YYYY-MM-DD`; `YYYY-MM-DDTHH:MM:SS.sssZ`, as toISOString gives
 * it; a bare UUID) by position, without the regular expressions, the split and the match arrays it makes
 * for each: every event holds a date and time and several ids, and a flight a date, checked each time an
 * event is read. A text
 * that is not in that form, or not a valid one, goes to ajv-formats' own check, which decides; so each
 * accepts exactly what ajv-formats accepts (a unit test holds them to it).
 */

type FormatCheck = (text: string) => boolean;

const ajvCheck = (name: 'date' | 'date-time' | 'uuid'): FormatCheck => {
  const format = fullFormats[name] as RegExp | { validate: FormatCheck };
  return format instanceof RegExp ? (text) => format.test(text) : format.validate;
};
const ajvDate = ajvCheck('date');
const ajvDateTime = ajvCheck('date-time');
const ajvUuid = ajvCheck('uuid');

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number of the `length` ASCII digits from `at`; -1 when any is not a digit. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i += 1) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/** Whether the ten characters from 0 are a valid `YYYY-MM-DD` date. */
function isPlainDate(text: string): boolean {
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS[month]!);
}

/** `HH:MM:SS`, then `.` and digits or nothing, then `Z`, from 11 to the end, in a day's range. */
function isPlainUtcTime(text: string): boolean {
  const end = text.length - 1;
  if (text.charCodeAt(end) !== 90 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return false;
  const hours = digits(text, 11, 2);
  const minutes = digits(text, 14, 2);
  const seconds = digits(text, 17, 2);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return false;
  if (end === 19) return true;
  return text.charCodeAt(19) === 46 && end > 20 && digits(text, 20, end - 20) >= 0;
}

export const isDateFormat: FormatCheck = (text) => (text.length === 10 && isPlainDate(text)) || ajvDate(text);

export const isDateTimeFormat: FormatCheck = (text) =>
  (text.length >= 20 && text.charCodeAt(10) === 84 && isPlainDate(text) && isPlainUtcTime(text)) ||
  ajvDateTime(text);

/** 1 at the code of each hexadecimal digit, either case. */
const HEX_DIGITS = new Uint8Array(128);
for (const digit of '0123456789abcdefABCDEF') HEX_DIGITS[digit.charCodeAt(0)] = 1;

/** Whether the 36 characters are `8-4-4-4-12` hexadecimal digits (the dashes first, then the digits). */
function isPlainUuid(text: string): boolean {
  if (
    text.charCodeAt(8) !== 45 ||
    text.charCodeAt(13) !== 45 ||
    text.charCodeAt(18) !== 45 ||
    text.charCodeAt(23) !== 45
  )
    return false;
  for (let i = 0; i < 36; i += 1) {
    if (i === 8 || i === 13 || i === 18 || i === 23) continue;
    const c = text.charCodeAt(i);
    if (c > 127 || HEX_DIGITS[c] === 0) return false;
  }
  return true;
}

export const isUuidFormat: FormatCheck = (text) => (text.length === 36 && isPlainUuid(text)) || ajvUuid(text);
