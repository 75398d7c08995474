import { type TimeUnit } from '../import.types';

/** A cell as decimal hours: digits, then a point or a decimal comma and up to 6 digits. */
const DECIMAL = /^(\d{1,4})(?:[.,](\d{0,6}))?$/;
const LEADING_DECIMAL = /^[.,](\d{1,6})$/;
const H_MM = /^(\d{1,5}):([0-5]\d)$/;
const WHOLE = /^\d{1,7}$/;

export type TimeRead = { ok: true; minutes: number; decimalComma: boolean } | { ok: false };

/**
 * Decimal hours to whole minutes, rounded half up on the decimal as written, never on its binary
 * approximation: `1.025` is 61.5 minutes, so 62.
 */
export function decimalHoursToMinutes(whole: string, fraction: string): number {
  const scale = 10 ** fraction.length;
  const tenths = Number(whole) * scale + (fraction === '' ? 0 : Number(fraction));
  // minutes = 60 * tenths / scale; half up: floor((120 * tenths + scale) / (2 * scale)).
  return Math.floor((120 * tenths + scale) / (2 * scale));
}

/** A decimal-hours cell (`1.5`, `1,5`, `.5`). */
function readDecimal(cell: string): TimeRead {
  const leading = LEADING_DECIMAL.exec(cell);
  if (leading)
    return { ok: true, minutes: decimalHoursToMinutes('0', leading[1]!), decimalComma: cell[0] === ',' };
  const m = DECIMAL.exec(cell);
  if (!m) return { ok: false };
  return { ok: true, minutes: decimalHoursToMinutes(m[1]!, m[2] ?? ''), decimalComma: cell.includes(',') };
}

function readHMm(cell: string): TimeRead {
  const m = H_MM.exec(cell);
  return m ? { ok: true, minutes: Number(m[1]) * 60 + Number(m[2]), decimalComma: false } : { ok: false };
}

/**
 * A time cell in whole minutes; empty is 0. With a unit, the cell is read in it; without one (ForeFlight's
 * `Decimal or HH:MM`, MyFlightbook), each cell by its form: `H:MM` when it has a colon, else decimal hours.
 */
export function readTime(raw: string, unit?: TimeUnit): TimeRead {
  const cell = raw.trim();
  if (cell === '') return { ok: true, minutes: 0, decimalComma: false };
  switch (unit) {
    case 'h_mm':
      return readHMm(cell);
    case 'minutes':
      return WHOLE.test(cell) ? { ok: true, minutes: Number(cell), decimalComma: false } : { ok: false };
    case 'decimal_hours':
      return readDecimal(cell);
    case undefined:
      return cell.includes(':') ? readHMm(cell) : readDecimal(cell);
  }
}

/**
 * The unit a column of time cells is written in: `h_mm` when every cell with a value has a colon,
 * `decimal_hours` when every one is a decimal with a fraction or a whole number among such, undefined
 * when they mix or hold only whole numbers (hours or minutes: the pilot says).
 */
export function detectTimeUnit(cells: readonly string[]): TimeUnit | undefined {
  const values = cells.map((c) => c.trim()).filter((c) => c !== '' && c !== '0');
  if (values.length === 0) return undefined;
  if (values.every((c) => H_MM.test(c))) return 'h_mm';
  const decimals = values.filter((c) => DECIMAL.test(c) || LEADING_DECIMAL.test(c));
  if (decimals.length === values.length && decimals.some((c) => /[.,]/.test(c))) return 'decimal_hours';
  return undefined;
}
