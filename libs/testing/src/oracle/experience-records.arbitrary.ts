import fc from 'fast-check';
import { type StartingTotals } from '@pft/contracts';
import { type ExperienceRecord, EXPERIENCE_ENGINES, EXPERIENCE_FEATURES } from './experience-record.oracle';
import { addDays, firstDayOfMonthsBefore } from './calendar.oracle';
import { WINDOW_NAMES, windowFrom } from './experience.oracle';
import { flightBodyArb, startingTotalsArb } from './logbook-events.arbitrary';

/** Five years around today, a leap day among them, so windows, month ends and 61.57(c) all come up. */
const FIRST_DAY = Date.UTC(2023, 0, 1);
const DAYS = 5 * 365;

export const experienceDateArb: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: DAYS })
  .map((d) => new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10));

/** Dates that pile up near one another, so that counts reach the rules' thresholds. */
const clusteredDateArb = (anchor: string): fc.Arbitrary<string> =>
  fc
    .integer({ min: -200, max: 30 })
    .map((d) => new Date(Date.parse(`${anchor}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10));

const TYPE_DESIGNATORS = ['C172', 'PA28', 'B738', 'A320', 'DA42'] as const;

const extraArb = fc.record({
  type_designator: fc.option(fc.constantFrom(...TYPE_DESIGNATORS), { nil: undefined }),
  engine: fc.option(fc.constantFrom(...EXPERIENCE_ENGINES), { nil: undefined }),
  features: fc.option(fc.subarray([...EXPERIENCE_FEATURES]), { nil: undefined }),
  takeoffs: fc.option(
    fc.record({ day: fc.integer({ min: 0, max: 6 }), night: fc.integer({ min: 0, max: 4 }) }),
    {
      nil: undefined,
    },
  ),
  fullStop: fc.record({ day: fc.integer({ min: 0, max: 6 }), night: fc.integer({ min: 0, max: 4 }) }),
  approaches: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  holds: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
});

/**
 * One current record with the fields of `pilot-experience.md` 1, each present or absent, on a date
 * near `anchor`: flights of every category and simulator sessions, as the pilot app accepts them.
 */
export const experienceRecordArb = (anchor: string): fc.Arbitrary<ExperienceRecord> =>
  fc
    .record({ body: flightBodyArb, date: clusteredDateArb(anchor), extra: extraArb })
    .map(({ body, date, extra }) => {
      const record: ExperienceRecord = {
        ...body,
        date,
        aircraft: { ...body.aircraft },
        landings: { ...body.landings },
      };
      if (extra.type_designator !== undefined) record.aircraft.type_designator = extra.type_designator;
      if (extra.approaches !== undefined) record.approaches = extra.approaches;
      if (extra.holds !== undefined) record.holds = extra.holds;
      if (body.kind === 'simulator') return record;
      if (extra.engine !== undefined) record.aircraft.engine = extra.engine;
      if (extra.features !== undefined) record.aircraft.features = extra.features;
      if (extra.takeoffs !== undefined) record.takeoffs = extra.takeoffs;
      record.landings.day_full_stop = Math.min(extra.fullStop.day, body.landings.day);
      record.landings.night_full_stop = Math.min(extra.fullStop.night, body.landings.night);
      return record;
    });

/** Dates where the month arithmetic of the windows bends: leap days, month ends, the days after them. */
const AWKWARD_AS_OF = [
  '2024-02-29',
  '2024-03-01',
  '2024-03-31',
  '2025-02-28',
  '2025-03-01',
  '2025-03-31',
  '2025-08-31',
  '2026-08-31',
  '2026-12-31',
  '2027-01-01',
] as const;

/**
 * The dates on either side of every edge of the windows of `asOf` (the experience's four and
 * 61.57(c)'s): each window's first date and the day before it, `asOf` and the day after it. A record
 * dated on one side counts, on the other it does not; random dates land there too seldom.
 */
export function windowEdgesOf(asOf: string): string[] {
  const firsts = [...WINDOW_NAMES.map((name) => windowFrom(name, asOf)), firstDayOfMonthsBefore(asOf, 6)];
  return [asOf, addDays(asOf, 1), ...firsts.flatMap((first) => [first, addDays(first, -1)])];
}

/**
 * A pilot's current records and an `as_of` date near them (before the first, after the last, between,
 * on a leap day or a month's end), with a few records dated on the edges of the windows of `as_of`.
 */
export const experienceLogbookArb: fc.Arbitrary<{ records: ExperienceRecord[]; asOf: string }> =
  experienceDateArb.chain((anchor) =>
    fc
      .oneof(clusteredDateArb(anchor), experienceDateArb, fc.constantFrom(...AWKWARD_AS_OF))
      .chain((asOf) =>
        fc.record({
          records: fc.array(experienceRecordArb(anchor), { maxLength: 60 }),
          onEdges: fc.array(fc.record({ record: experienceRecordArb(asOf), edge: fc.nat() }), {
            maxLength: 6,
          }),
          asOf: fc.constant(asOf),
        }),
      )
      .map(({ records, onEdges, asOf }) => {
        const edges = windowEdgesOf(asOf);
        const edgeRecords = onEdges.map(({ record, edge }) => ({
          ...record,
          date: edges[edge % edges.length]!,
        }));
        return { records: [...records, ...edgeRecords], asOf };
      }),
  );

/** What a pilot's experience is computed from: current records, an `as_of` near them, starting totals or none. */
export const experienceInputArb: fc.Arbitrary<{
  records: ExperienceRecord[];
  asOf: string;
  starting: StartingTotals | null;
}> = fc
  .record({ logbook: experienceLogbookArb, starting: fc.option(startingTotalsArb, { nil: null }) })
  .map(({ logbook, starting }) => ({ ...logbook, starting }));
