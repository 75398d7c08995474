import fc from 'fast-check';
import { addDays, firstDayOfMonthsBefore } from './calendar.oracle';
import { WINDOW_NAMES, windowFrom } from './experience.oracle';
import { experienceLogbookArb, windowEdgesOf } from './experience-records.arbitrary';

/** Each edge of the windows of `asOf`, named, with the date just inside it and the one just outside. */
function edgesOf(asOf: string): [string, string][] {
  const named: [string, string][] = [
    ['as_of', asOf],
    ['after as_of', addDays(asOf, 1)],
  ];
  for (const name of WINDOW_NAMES) {
    named.push([`${name} first day`, windowFrom(name, asOf)]);
    named.push([`${name} day before`, addDays(windowFrom(name, asOf), -1)]);
  }
  named.push(['faa_61_57_c first day', firstDayOfMonthsBefore(asOf, 6)]);
  named.push(['faa_61_57_c day before', addDays(firstDayOfMonthsBefore(asOf, 6), -1)]);
  return named;
}

/**
 * The random logbooks the experience properties run on reach what an off-by-one would change: a record
 * on each window's first day and on the day before it, and an `as_of` on a leap day or a month's end.
 */
describe('random logbooks for the experience properties', () => {
  const samples = fc.sample(experienceLogbookArb, { numRuns: 300, seed: 20261206 });

  it('date records on both sides of every window edge', () => {
    const reached = new Map<string, number>();
    for (const { records, asOf } of samples) {
      const dates = new Set(records.map((record) => record.date));
      for (const [edge, date] of edgesOf(asOf)) {
        if (dates.has(date)) reached.set(edge, (reached.get(edge) ?? 0) + 1);
      }
    }
    // Every edge in at least one logbook in 15; those reached less often are named with their count.
    const seldom = edgesOf('2026-08-31')
      .map(([edge]) => [edge, reached.get(edge) ?? 0] as const)
      .filter(([, count]) => count < samples.length / 15);
    expect(Object.fromEntries(seldom)).toEqual({});
  });

  it('ask as of leap days and the last day of a month', () => {
    const asOfs = samples.map(({ asOf }) => asOf);
    expect(asOfs.filter((asOf) => asOf.endsWith('-02-29')).length).toBeGreaterThan(0);
    expect(asOfs.filter((asOf) => asOf.endsWith('-31')).length).toBeGreaterThan(0);
  });

  it('names the edges of the 6 months ending on 2026-08-31 as the spec does', () => {
    expect(windowEdgesOf('2026-08-31')).toEqual(
      expect.arrayContaining(['2026-03-01', '2026-02-28', '2026-08-31', '2026-09-01']),
    );
  });
});
