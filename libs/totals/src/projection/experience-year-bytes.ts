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

/**
 * How a pilot's entries are laid out (docs/projections.md). Narrow, as nearly every pilot's: each
 * entry YEAR_ENTRY_NUMBERS 32-bit integers. Wide, once a sum has passed 2^31 - 1 (1,491,309 flights
 * of a whole day in one year and group: ingestion takes any number of flights): the bytes begin with
 * WIDE_MARK, then each entry has its group, year and latest date as 32-bit integers and its sums as
 * 64-bit ones. A pilot's bytes stay wide once they are.
 */
interface Layout {
  wide: boolean;
  /** Where the first entry begins. */
  start: number;
  /** Bytes of one entry. */
  size: number;
}

const NARROW: Layout = { wide: false, start: 0, size: YEAR_ENTRY_NUMBERS * 4 };
const WIDE: Layout = { wide: true, start: 4, size: 12 + (YEAR_ENTRY_NUMBERS - 3) * 8 };
/** The first four bytes of wide bytes: -1 as a 32-bit integer, never the group number narrow bytes begin with. */
const WIDE_MARK = -1;
const TWO_TO_32 = 2 ** 32;
const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);

/** Where the number `index` of an entry begins, from the entry's first byte. */
const numberAt = (layout: Layout, index: number): number =>
  layout.wide && index >= 3 ? 12 + (index - 3) * 8 : index * 4;

/** `YYYY-MM-DD` as the number YYYYMMDD; 0 for none. */
const dateNumber = (date: string | null): number =>
  date === null
    ? 0
    : Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));

function dateOfNumber(value: number): string | null {
  if (value === 0) return null;
  return dateText(Math.floor(value / 10000), Math.floor(value / 100) % 100, value % 100);
}

/** The layout of stored bytes; throws unless they are whole entries of it. */
function layoutOf(bytes: Buffer): Layout {
  const layout = bytes.length >= 4 && bytes.readInt32BE(0) === WIDE_MARK ? WIDE : NARROW;
  if ((bytes.length - layout.start) % layout.size !== 0)
    throw new Error(`experience_years of ${bytes.length} bytes is not a whole number of entries`);
  return layout;
}

/** Whether every sum of `entry` is a 32-bit integer. */
function fitsNarrow(entry: ExperienceYearEntry): boolean {
  for (let i = 3; i < YEAR_ENTRY_NUMBERS; i += 1) {
    const value = entry[i] as number;
    if (value > INT32_MAX || value < INT32_MIN) return false;
  }
  return true;
}

/** Writes `entry` into `bytes` from `at` in `layout`; returns where the next entry goes. */
function writeYearEntry(entry: ExperienceYearEntry, bytes: Buffer, at: number, layout: Layout): number {
  bytes.writeInt32BE(entry[0], at);
  bytes.writeInt32BE(entry[1], at + 4);
  bytes.writeInt32BE(dateNumber(entry[2]), at + 8);
  if (!layout.wide) {
    for (let i = 3; i < YEAR_ENTRY_NUMBERS; i += 1) bytes.writeInt32BE(entry[i] as number, at + i * 4);
  } else {
    // 64-bit, as two halves: exact for every integer a number holds exactly (up to 2^53).
    for (let i = 3; i < YEAR_ENTRY_NUMBERS; i += 1) {
      const value = entry[i] as number;
      const high = Math.floor(value / TWO_TO_32);
      bytes.writeInt32BE(high, at + numberAt(layout, i));
      bytes.writeUInt32BE(value - high * TWO_TO_32, at + numberAt(layout, i) + 4);
    }
  }
  return at + layout.size;
}

/** Writes the mark of wide bytes at `at` when `layout` is wide; returns where the first entry goes. */
function writeStart(bytes: Buffer, at: number, layout: Layout): number {
  if (layout.wide) bytes.writeInt32BE(WIDE_MARK, at);
  return at + layout.start;
}

function readYearEntry(bytes: Buffer, at: number, layout: Layout): ExperienceYearEntry {
  const entry = newYearEntry(bytes.readInt32BE(at), bytes.readInt32BE(at + 4));
  entry[2] = dateOfNumber(bytes.readInt32BE(at + 8));
  for (let i = 3; i < YEAR_ENTRY_NUMBERS; i += 1) {
    const from = at + numberAt(layout, i);
    entry[i] = layout.wide
      ? bytes.readInt32BE(from) * TWO_TO_32 + bytes.readUInt32BE(from + 4)
      : bytes.readInt32BE(from);
  }
  return entry;
}

/**
 * The entries as `experience_years` stores them (docs/projections.md): one after the other, each its
 * group, year, latest date as YYYYMMDD (0 for none) and sums, big-endian, narrow unless a sum needs
 * more than 32 bits (Layout). Postgres stores and sends the bytes as they are, where JSON would have
 * every number parsed and printed again at each write and read.
 */
export function encodeYearEntries(entries: readonly ExperienceYearEntry[]): Buffer {
  const layout = entries.every(fitsNarrow) ? NARROW : WIDE;
  const bytes = Buffer.allocUnsafe(layout.start + entries.length * layout.size);
  let at = writeStart(bytes, 0, layout);
  for (const entry of entries) at = writeYearEntry(entry, bytes, at, layout);
  return bytes;
}

/** The entry whose first byte is at `at` of encodeYearEntries' bytes. */
export function decodeYearEntry(bytes: Buffer, at: number): ExperienceYearEntry {
  return readYearEntry(bytes, at, layoutOf(bytes));
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

/**
 * `make` of each entry of encodeYearEntries' bytes, in one pass; with `beforeYear`, only of the
 * entries of earlier years (the others are not decoded).
 */
export function mapYearEntries<T>(
  bytes: Buffer,
  make: (entry: ExperienceYearEntry) => T,
  beforeYear = Infinity,
): T[] {
  const layout = layoutOf(bytes);
  const made: T[] = [];
  for (let at = layout.start; at < bytes.length; at += layout.size)
    if (bytes.readInt32BE(at + 4) < beforeYear) made.push(make(readYearEntry(bytes, at, layout)));
  return made;
}

/**
 * The place (its first byte) of the entry of `year` and `group` in encodeYearEntries' bytes;
 * undefined when there is none. A pilot has a few dozen entries: read through, without a map.
 */
export function yearEntryPlace(bytes: Buffer, year: number, group: number): number | undefined {
  const layout = layoutOf(bytes);
  for (let at = layout.start; at < bytes.length; at += layout.size)
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

/** The layouts of `before` and of the bytes after: wide once a sum needs it, and from then on. */
function layoutsOf({ before, changed, added }: YearEntriesAfter): { from: Layout; to: Layout } {
  const from = before === null ? NARROW : layoutOf(before);
  if (from.wide) return { from, to: WIDE };
  for (const entry of changed.values()) if (entry !== null && !fitsNarrow(entry)) return { from, to: WIDE };
  for (const entry of added) if (!fitsNarrow(entry)) return { from, to: WIDE };
  return { from, to: NARROW };
}

/** How many bytes writeYearEntries writes for `after`. */
export function yearEntriesSize(after: YearEntriesAfter): number {
  const { from, to } = layoutsOf(after);
  let entries =
    (after.before === null ? 0 : (after.before.length - from.start) / from.size) + after.added.length;
  for (const entry of after.changed.values()) if (entry === null) entries -= 1;
  return to.start + entries * to.size;
}

/**
 * Writes the bytes of YearEntriesAfter into `bytes` from `at`, and returns where they end: the
 * entries the batch left alone copied as they are (most of a pilot's, which are then neither read
 * nor written one number at a time), the changed ones in their place, the added ones after them.
 * Bytes that turn wide are written again entry by entry.
 */
export function writeYearEntries(after: YearEntriesAfter, bytes: Buffer, at: number): number {
  const { before, changed, added } = after;
  const { from: layoutBefore, to: layout } = layoutsOf(after);
  let to = at;
  if (before === null) to = writeStart(bytes, to, layout);
  else if (layoutBefore !== layout) {
    to = writeStart(bytes, to, layout);
    for (let place = layoutBefore.start; place < before.length; place += layoutBefore.size) {
      const entry = changed.has(place) ? changed.get(place) : readYearEntry(before, place, layoutBefore);
      if (entry) to = writeYearEntry(entry, bytes, to, layout);
    }
  } else {
    // The mark of wide bytes, before their first entry, is copied with what comes before it.
    let from = 0;
    for (const place of changed.size > 1 ? [...changed.keys()].sort((a, b) => a - b) : changed.keys()) {
      to += before.copy(bytes, to, from, place);
      const entry = changed.get(place);
      if (entry) to = writeYearEntry(entry, bytes, to, layout);
      from = place + layout.size;
    }
    to += before.copy(bytes, to, from, before.length);
  }
  for (const entry of added) to = writeYearEntry(entry, bytes, to, layout);
  return to;
}

/**
 * SQL for the year entries of the bytes `column` (an SQL expression), which the view of the year sums
 * reads as rows: `from`, a clause giving each entry's first byte as `e.at` (after a lateral join
 * naming its layout `l`), and `number(index)`, the number `index` (0-based) of the entry at `e.at`, an
 * integer for the group, year and latest date and a bigint for a sum, whichever the layout.
 */
export function yearEntriesSql(column: string): { from: string; number: (index: number) => string } {
  /** The number of `width` bytes beginning `offset` bytes into the entry, as an integer or a bigint. */
  const read = (offset: number, width: number) => {
    const bytes = Array.from({ length: width }, (_, k) => {
      const byte = `get_byte(${column}, e.at + ${offset + k})${width > 4 ? '::bigint' : ''}`;
      const shift = (width - 1 - k) * 8;
      return shift === 0 ? byte : `(${byte} << ${shift})`;
    });
    return `(${bytes.join(' | ')})`;
  };
  const markBytes = Buffer.alloc(4);
  markBytes.writeInt32BE(WIDE_MARK);
  const mark = `'\\x${markBytes.toString('hex')}'::bytea`;
  return {
    from: `cross join lateral (select substring(${column} from 1 for 4) = ${mark} as wide) as l
        cross join lateral generate_series(case when l.wide then ${WIDE.start} else 0 end, octet_length(${column}) - 1,
                                           case when l.wide then ${WIDE.size} else ${NARROW.size} end) as e (at)`,
    number: (index) =>
      index < 3
        ? read(index * 4, 4)
        : `(case when l.wide then ${read(numberAt(WIDE, index), 8)} else ${read(index * 4, 4)} end)`,
  };
}
