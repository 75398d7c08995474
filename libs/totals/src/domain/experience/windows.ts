import { type PilotTotals } from '@pft/contracts';
import { addFlight, zeroSums, type Sums } from '../flight-contribution';
import { totalsFieldsOf } from '../pilot-totals.fold';
import { daysEndingOn, isWithin, monthsEndingOn, remembered, type DateRange } from './calendar';
import { type CountedRecord } from './experience-record';

/** The windows of `pilot-experience.md` 2.2, in the spec's order. */
export const WINDOW_NAMES = ['last_90_days', 'last_6_months', 'last_12_months', 'last_24_months'] as const;
export type WindowName = (typeof WINDOW_NAMES)[number];

/** One window's experience: the records dated in it, starting totals never. */
export interface WindowExperience {
  from: string;
  to: string;
  totals: PilotTotals['totals'];
  landings: { day: number; night: number };
  takeoffs: { day: number; night: number };
  approaches: number;
  holds: number;
  flight_count: number;
}

/** The totals fields' sums (`logbook-rules.md`) with what the experience adds to them. */
export interface Tally {
  sums: Sums;
  takeoffs: { day: number; night: number };
  approaches: number;
  holds: number;
}

export function tallyOf(records: Iterable<CountedRecord>): Tally {
  const tally: Tally = { sums: zeroSums(), takeoffs: { day: 0, night: 0 }, approaches: 0, holds: 0 };
  for (const record of records) {
    addFlight(tally.sums, record.facts, 1);
    tally.takeoffs.day += record.takeoffs_day;
    tally.takeoffs.night += record.takeoffs_night;
    tally.approaches += record.approaches;
    tally.holds += record.holds;
  }
  return tally;
}

/** The dates each window covers as of `asOf` (shared: read, never changed). */
export const windowRangesAsOf = remembered(100, (asOf: string): Readonly<Record<WindowName, DateRange>> =>
  Object.freeze({
    last_90_days: daysEndingOn(asOf, 90),
    last_6_months: monthsEndingOn(asOf, 6),
    last_12_months: monthsEndingOn(asOf, 12),
    last_24_months: monthsEndingOn(asOf, 24),
  }),
);

export function windowExperience(records: readonly CountedRecord[], range: DateRange): WindowExperience {
  const tally = tallyOf(records.filter((record) => isWithin(record.date, range)));
  const { sums } = tally;
  return {
    from: range.from,
    to: range.to,
    // `ifr_minutes` derived the one way the totals derive it.
    totals: totalsFieldsOf(sums),
    landings: { day: sums.total_day, night: sums.total_night },
    takeoffs: tally.takeoffs,
    approaches: tally.approaches,
    holds: tally.holds,
    flight_count: sums.flight_count,
  };
}

/** Every window as of `asOf`, over the records (those dated after `asOf` fall outside every window). */
export function windowsAsOf(
  records: readonly CountedRecord[],
  asOf: string,
): Record<WindowName, WindowExperience> {
  const ranges = windowRangesAsOf(asOf);
  return {
    last_90_days: windowExperience(records, ranges.last_90_days),
    last_6_months: windowExperience(records, ranges.last_6_months),
    last_12_months: windowExperience(records, ranges.last_12_months),
    last_24_months: windowExperience(records, ranges.last_24_months),
  };
}
