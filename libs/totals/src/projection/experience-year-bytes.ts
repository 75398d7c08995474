import { EXPERIENCE_COUNT_FIELDS } from '../domain/experience/experience-aggregates';
import { FLIGHT_MINUTE_FIELDS } from '@pft/contracts';
import { dateText } from '../domain/experience/calendar';

/**
 * A year's sums of one group, as a pilot's row keeps them (`experience_years`): the group's number,
 * the year, the latest date among its records (null: none known), then the sums in the order of
 * EXPERIENCE_SUM_COLUMNS (the thirteen minutes fields, then EXPERIENCE_COUNT_FIELDS).
 */
export type ExperienceYearEntry = [number, number, string | null, ...number[]];

/** Numbers in one entry: group, year, latest date, then the sums. */
export const YEAR_ENTRY_NUMBERS = 3 + FLIGHT_MINUTE_FIELDS.length + EXPERIENCE_COUNT_FIELDS.length;
const ENTRY_BYTES = YEAR_ENTRY_NUMBERS * 4;

/** `YYYY-MM-DD` as the number YYYYMMDD; 0 for none. */
const dateNumber = (date: string | null): number =>
  date === null
    ? 0
    : Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));

function dateOfNumber(value: number): string | null {
  if (value === 0) return null;
  return dateText(Math.floor(value / 10000), Math.floor(value / 100) % 100, value % 100);
}

/**
 * The entries as `experience_years` stores them (docs/projections.md): each entry YEAR_ENTRY_NUMBERS
 * 32-bit signed integers, big-endian, one after the other, its latest date as YYYYMMDD (0 for none).
 * Postgres stores and sends the bytes as they are, where JSON would have every number parsed and
 * printed again at each write and read.
 */
export function encodeYearEntries(entries: readonly ExperienceYearEntry[]): Buffer {
  const bytes = Buffer.allocUnsafe(entries.length * ENTRY_BYTES);
  let at = 0;
  for (const entry of entries) at = writeYearEntry(entry, bytes, at);
  return bytes;
}

/** Writes `entry` into `bytes` from `at`; returns where the next entry goes. */
function writeYearEntry(entry: ExperienceYearEntry, bytes: Buffer, at: number): number {
  bytes.writeInt32BE(entry[0], at);
  bytes.writeInt32BE(entry[1], at + 4);
  bytes.writeInt32BE(dateNumber(entry[2]), at + 8);
  for (let i = 3; i < YEAR_ENTRY_NUMBERS; i += 1) bytes.writeInt32BE(entry[i] as number, at + i * 4);
  return at + ENTRY_BYTES;
}

/** The entry whose first byte is at `at` of encodeYearEntries' bytes. */
export function decodeYearEntry(bytes: Buffer, at: number): ExperienceYearEntry {
  const entry = newYearEntry(bytes.readInt32BE(at), bytes.readInt32BE(at + 4));
  entry[2] = dateOfNumber(bytes.readInt32BE(at + 8));
  for (let i = 3; i < YEAR_ENTRY_NUMBERS; i += 1) entry[i] = bytes.readInt32BE(at + i * 4);
  return entry;
}

/**
 * An entry of `group` and `year` with no latest date and every sum 0, made at its whole length at once
 * (growing it a number at a time made it again at each step).
 */
export function newYearEntry(group: number, year: number): ExperienceYearEntry {
  const entry = new Array<number | string | null>(YEAR_ENTRY_NUMBERS).fill(0) as ExperienceYearEntry;
  entry[0] = group;
  entry[1] = year;
  entry[2] = null;
  return entry;
}

function checkWhole(bytes: Buffer): void {
  if (bytes.length % ENTRY_BYTES !== 0)
    throw new Error(`experience_years of ${bytes.length} bytes is not a whole number of entries`);
}

/**
 * `make` of each entry of encodeYearEntries' bytes, in one pass; with `beforeYear`, only of the
 * entries of earlier years (the others are not decoded).
 */
export function mapYearEntries<T>(
  bytes: Buffer,
  make: (entry: ExperienceYearEntry) => T,
  beforeYear = Infinity,
): T[] {
  checkWhole(bytes);
  const made: T[] = [];
  for (let at = 0; at < bytes.length; at += ENTRY_BYTES)
    if (bytes.readInt32BE(at + 4) < beforeYear) made.push(make(decodeYearEntry(bytes, at)));
  return made;
}

/**
 * The place (its first byte) of the entry of `year` and `group` in encodeYearEntries' bytes;
 * undefined when there is none. A pilot has a few dozen entries: read through, without a map.
 */
export function yearEntryPlace(bytes: Buffer, year: number, group: number): number | undefined {
  checkWhole(bytes);
  for (let at = 0; at < bytes.length; at += ENTRY_BYTES)
    if (bytes.readInt32BE(at + 4) === year && bytes.readInt32BE(at) === group) return at;
  return undefined;
}

/**
 * A pilot's year sums after a batch, as a change of the bytes stored before it: the entries it
 * changed, by their place in `before` (null: the entry goes), and the entries it added.
 */
export interface YearEntriesAfter {
  before: Buffer | null;
  changed: ReadonlyMap<number, ExperienceYearEntry | null>;
  added: readonly ExperienceYearEntry[];
}

/** How many bytes writeYearEntries writes for `after`. */
export function yearEntriesSize({ before, changed, added }: YearEntriesAfter): number {
  let size = (before?.length ?? 0) + added.length * ENTRY_BYTES;
  for (const entry of changed.values()) if (entry === null) size -= ENTRY_BYTES;
  return size;
}

/**
 * Writes the bytes of YearEntriesAfter into `bytes` from `at`, and returns where they end: the
 * entries the batch left alone copied as they are (most of a pilot's, which are then neither read
 * nor written one number at a time), the changed ones in their place, the added ones after them.
 */
export function writeYearEntries(
  { before, changed, added }: YearEntriesAfter,
  bytes: Buffer,
  at: number,
): number {
  let to = at;
  let from = 0;
  if (before !== null) {
    for (const place of changed.size > 1 ? [...changed.keys()].sort((a, b) => a - b) : changed.keys()) {
      to += before.copy(bytes, to, from, place);
      const entry = changed.get(place);
      if (entry) to = writeYearEntry(entry, bytes, to);
      from = place + ENTRY_BYTES;
    }
    to += before.copy(bytes, to, from, before.length);
  }
  for (const entry of added) to = writeYearEntry(entry, bytes, to);
  return to;
}

/**
 * SQL for the number `index` (0-based) of the entry starting at byte `offset` (an SQL expression) of
 * the bytes `column`: the view of the year sums reads them with it.
 */
export const yearEntryNumberSql = (column: string, offset: string, index: number): string => {
  const at = (k: number) => `get_byte(${column}, ${offset} + ${index * 4 + k})`;
  return `((${at(0)} << 24) | (${at(1)} << 16) | (${at(2)} << 8) | ${at(3)})`;
};

/** Bytes of one entry, for SQL that walks the entries. */
export const YEAR_ENTRY_BYTES = ENTRY_BYTES;
