import {
  mapYearEntries,
  encodeYearEntries,
  type ExperienceYearEntry,
  YEAR_ENTRY_NUMBERS,
  type YearEntriesAfter,
  writeYearEntries,
  yearEntriesSize,
  yearEntryPlace,
} from './experience-year-bytes';

const entry = (group: number, year: number, last: string | null, seed: number): ExperienceYearEntry => [
  group,
  year,
  last,
  ...Array.from({ length: YEAR_ENTRY_NUMBERS - 3 }, (_, i) => seed * 1000 + i),
];

const entriesOf = (bytes: Buffer): ExperienceYearEntry[] => mapYearEntries(bytes, (entry) => entry);

/** The bytes of `after` alone, as the batch writes them among its other pilots'. */
function bytesOf(after: YearEntriesAfter): Buffer {
  const bytes = Buffer.alloc(yearEntriesSize(after) + 8, 0xff);
  expect(writeYearEntries(after, bytes, 4)).toBe(bytes.length - 4);
  // Nothing written outside its place.
  expect([bytes.readInt32BE(0), bytes.readInt32BE(bytes.length - 4)]).toEqual([-1, -1]);
  return bytes.subarray(4, bytes.length - 4);
}

describe('experience year entries as bytes', () => {
  const stored = [
    entry(0, 2019, '2019-12-31', 1),
    entry(3, 2020, '2020-02-29', 2),
    entry(1, 2024, null, 3),
    entry(2, 1999, '1999-01-01', 4),
  ];

  it('decodes what it encodes, dates and large sums included', () => {
    const big = entry(65535, 2026, '2026-12-03', 2_000_000);
    expect(entriesOf(encodeYearEntries([...stored, big]))).toEqual([...stored, big]);
    expect(encodeYearEntries(stored)).toHaveLength(stored.length * YEAR_ENTRY_NUMBERS * 4);
  });

  it('is big-endian 32-bit integers, the latest date as YYYYMMDD and 0 for none', () => {
    const bytes = encodeYearEntries([entry(3, 2020, '2020-02-29', 2), entry(1, 2024, null, 3)]);
    expect([0, 4, 8, 12].map((at) => bytes.readInt32BE(at))).toEqual([3, 2020, 20200229, 2000]);
    expect(bytes.readInt32BE(YEAR_ENTRY_NUMBERS * 4 + 8)).toBe(0);
  });

  it('finds each entry by year and group', () => {
    const bytes = encodeYearEntries(stored);
    expect(yearEntryPlace(bytes, 2020, 3)).toBe(YEAR_ENTRY_NUMBERS * 4);
    expect(yearEntryPlace(bytes, 1999, 2)).toBe(3 * YEAR_ENTRY_NUMBERS * 4);
    expect(yearEntryPlace(bytes, 2020, 0)).toBeUndefined();
  });

  it('refuses bytes that are not whole entries', () => {
    expect(() => entriesOf(Buffer.alloc(10))).toThrow(/not a whole number of entries/);
  });

  it('rewrites only what a batch changed: entries replaced in place, dropped, added after', () => {
    const before = encodeYearEntries(stored);
    const size = YEAR_ENTRY_NUMBERS * 4;
    const replaced = entry(3, 2020, '2020-03-01', 9);
    const added = entry(5, 2025, '2025-06-30', 7);
    const after = bytesOf({
      before,
      changed: new Map([
        [2 * size, null],
        [size, replaced],
      ]),
      added: [added],
    });
    expect(entriesOf(after)).toEqual([stored[0], replaced, stored[3], added]);
    expect(entriesOf(bytesOf({ before: null, changed: new Map(), added: [added] }))).toEqual([added]);
    expect(bytesOf({ before, changed: new Map(), added: [] })).toEqual(before);
  });

  describe('past 32 bits (a year of 1,491,309 flights of a whole day makes one)', () => {
    const huge = (group: number, year: number, sum: number): ExperienceYearEntry => {
      const e = entry(group, year, `${year}-06-01`, 1);
      e[3] = sum;
      return e;
    };
    const wideSize = 4 + 12 + (YEAR_ENTRY_NUMBERS - 3) * 8;

    it('writes wide bytes, marked, that give back every sum exactly, up to 2^53', () => {
      for (const sum of [2 ** 31, 2_147_484_960, Number.MAX_SAFE_INTEGER]) {
        const bytes = encodeYearEntries([...stored, huge(7, 2021, sum)]);
        expect(bytes.readInt32BE(0)).toBe(-1);
        expect(bytes).toHaveLength(4 + (stored.length + 1) * (wideSize - 4));
        expect(entriesOf(bytes)).toEqual([...stored, huge(7, 2021, sum)]);
        expect(yearEntryPlace(bytes, 2021, 7)).toBe(4 + stored.length * (wideSize - 4));
      }
      expect(encodeYearEntries([huge(0, 2021, 2 ** 31 - 1)]).readInt32BE(0)).toBe(0);
      expect(() => entriesOf(encodeYearEntries([huge(0, 2021, 2 ** 31)]).subarray(0, 100))).toThrow(
        /not a whole number of entries/,
      );
    });

    it('turns narrow bytes wide when a batch takes a sum past 2^31 - 1, and keeps them wide', () => {
      const before = encodeYearEntries(stored);
      const size = YEAR_ENTRY_NUMBERS * 4;
      const grown = huge(3, 2020, 2_147_484_960);
      const added = entry(5, 2025, '2025-06-30', 7);
      const wide = bytesOf({
        before,
        changed: new Map([
          [2 * size, null],
          [size, grown],
        ]),
        added: [added],
      });
      expect(wide.readInt32BE(0)).toBe(-1);
      expect(entriesOf(wide)).toEqual([stored[0], grown, stored[3], added]);

      // Back under 2^31: still wide, the entries left alone copied as they are.
      const shrunk = huge(3, 2020, 1440);
      const place = yearEntryPlace(wide, 2020, 3)!;
      const after = bytesOf({ before: wide, changed: new Map([[place, shrunk]]), added: [] });
      expect(after.readInt32BE(0)).toBe(-1);
      expect(entriesOf(after)).toEqual([stored[0], shrunk, stored[3], added]);
      const first = yearEntryPlace(after, 2019, 0)!;
      expect(entriesOf(bytesOf({ before: after, changed: new Map([[first, null]]), added: [] }))).toEqual([
        shrunk,
        stored[3],
        added,
      ]);
      expect(entriesOf(bytesOf({ before: null, changed: new Map(), added: [grown] }))).toEqual([grown]);
    });
  });
});
