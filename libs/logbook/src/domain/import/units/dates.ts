import { isCalendarDate } from '../../flights/calendar-date';
import { type DateOrder } from '../import.types';

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

const pad = (n: string): string => n.padStart(2, '0');

/**
 * A date cell as `YYYY-MM-DD`, or undefined when it is not a calendar date in the order given. A
 * `YYYY-MM-DD` cell is read so in every order; `M/D/YYYY` under `mdy`; `D/M/YYYY` and `D.M.YYYY`
 * under `dmy`.
 */
export function readDate(raw: string, order: DateOrder): string | undefined {
  const cell = raw.trim();
  let date: string | undefined;
  const iso = ISO.exec(cell);
  const slashed = SLASHED.exec(cell);
  const dotted = DOTTED.exec(cell);
  if (iso) date = `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  else if (slashed && order === 'mdy') date = `${slashed[3]}-${pad(slashed[1]!)}-${pad(slashed[2]!)}`;
  else if (slashed && order === 'dmy') date = `${slashed[3]}-${pad(slashed[2]!)}-${pad(slashed[1]!)}`;
  else if (dotted && order === 'dmy') date = `${dotted[3]}-${pad(dotted[2]!)}-${pad(dotted[1]!)}`;
  return date !== undefined && isCalendarDate(date) ? date : undefined;
}

/**
 * The date order a column of dates is written in, when the cells settle it: all `YYYY-MM-DD` is
 * `ymd`; a dotted date is `dmy`; a slashed date with a first part above 12 is `dmy`, with a second
 * part above 12 `mdy`. Undefined when nothing settles it (every slashed date could be either) or the
 * cells contradict each other.
 */
export function detectDateOrder(cells: readonly string[]): DateOrder | undefined {
  const values = cells.map((c) => c.trim()).filter((c) => c !== '');
  if (values.length === 0) return undefined;
  const possible = new Set<DateOrder>(['mdy', 'dmy']);
  let foreign = false;
  for (const cell of values) {
    if (ISO.test(cell)) continue;
    foreign = true;
    const slashed = SLASHED.exec(cell);
    if (DOTTED.test(cell)) possible.delete('mdy');
    else if (slashed) {
      if (Number(slashed[1]) > 12) possible.delete('mdy');
      if (Number(slashed[2]) > 12) possible.delete('dmy');
    }
  }
  if (!foreign) return 'ymd';
  return possible.size === 1 ? [...possible][0] : undefined;
}
