import { FLIGHT_MINUTE_FIELDS, type StartingTotals } from '@pft/contracts';
import {
  addStartingTotals,
  countedRatingKey,
  TOTALS_FIELD_AT,
  zeroSums,
  type Sums,
} from '../flight-contribution';
import { pilotTotalsOf, totalsFieldsOf } from '../pilot-totals.fold';
import {
  byAircraftType,
  byEngine,
  byFeature,
  maxDate,
  type DayOfGroup,
  type GroupAsOf,
} from './aggregate-breakdowns';
import { byteOrder } from './breakdowns';
import { isWithin, type DateRange } from './calendar';
import { currencyEntryOf, type CurrencyEntry } from './currency';
import { CURRENCY_RULES, type CurrencyRecord } from './currency-rules';
import { type Experience, type LifetimeExperience } from './experience';
import {
  addExperienceSums,
  zeroExperienceSums,
  type ExperienceAggregates,
  type ExperienceGroup,
  type ExperienceSums,
} from './experience-aggregates';
import { windowRangesAsOf, type WindowExperience } from './windows';

const SIMULATOR = FLIGHT_MINUTE_FIELDS.indexOf('simulator');
const TOTAL = FLIGHT_MINUTE_FIELDS.indexOf('total_flight_time');

/** `addFlight` for the sums of many records of one group: the totals fields by `logbook-rules.md`. */
function addToTotals(sums: Sums, group: ExperienceGroup, from: ExperienceSums): void {
  if (group.kind === 'simulator') {
    sums.totals.simulator_minutes += from.minutes[SIMULATOR] ?? 0;
    return;
  }
  for (let i = 0; i < TOTALS_FIELD_AT.length; i++) sums.totals[TOTALS_FIELD_AT[i]!] += from.minutes[i] ?? 0;
  sums.total_day += from.landings_day;
  sums.total_night += from.landings_night;
  sums.flight_count += from.records;
  const key = countedRatingKey(group);
  if (key !== null)
    sums.rating_breakdown[key] = (sums.rating_breakdown[key] ?? 0) + (from.minutes[TOTAL] ?? 0);
}

interface Tally {
  sums: Sums;
  takeoffs: { day: number; night: number };
  approaches: number;
  holds: number;
}

const zeroTally = (): Tally => ({
  sums: zeroSums(),
  takeoffs: { day: 0, night: 0 },
  approaches: 0,
  holds: 0,
});

function addToTally(tally: Tally, group: ExperienceGroup, sums: ExperienceSums): void {
  addToTotals(tally.sums, group, sums);
  tally.takeoffs.day += sums.takeoffs_day;
  tally.takeoffs.night += sums.takeoffs_night;
  tally.approaches += sums.approaches;
  tally.holds += sums.holds;
}

function tallyOf(groups: readonly GroupAsOf[]): Tally {
  const tally = zeroTally();
  for (const { group, sums } of groups) addToTally(tally, group, sums);
  return tally;
}

/** A window's experience from the days (oldest first, none after the window's end): read from the newest. */
function windowOf(days: readonly DayOfGroup[], range: DateRange): WindowExperience {
  const tally = zeroTally();
  for (let i = days.length - 1; i >= 0 && days[i]!.date >= range.from; i--) {
    if (days[i]!.date <= range.to) addToTally(tally, days[i]!.groupOf, days[i]!.sums);
  }
  const { sums, takeoffs, approaches, holds } = tally;
  return {
    from: range.from,
    to: range.to,
    totals: totalsFieldsOf(sums),
    landings: { day: sums.total_day, night: sums.total_night },
    takeoffs,
    approaches,
    holds,
    flight_count: sums.flight_count,
  };
}

/**
 * The records of one group on one day as one record for the currency rules: a rule groups and counts
 * the day's records together as it would one by one, since they share every field it groups by and
 * every count is a sum.
 */
function currencyRecordOf(group: ExperienceGroup, date: string, sums: ExperienceSums): CurrencyRecord {
  return {
    date,
    kind: group.kind,
    category: group.category,
    rating_key: group.rating_key,
    takeoffs_day: sums.takeoffs_day,
    takeoffs_night: sums.takeoffs_night,
    landings_day: sums.landings_day,
    landings_night: sums.landings_night,
    landings_day_full_stop: sums.landings_day_full_stop,
    landings_night_full_stop: sums.landings_night_full_stop,
    approaches: sums.approaches,
    holds: sums.holds,
  };
}

/**
 * Every rule's entries: counted over the days (every rule's window lies within the 24 months the
 * days cover), with an entry too for each group a rule counts records of dated before them.
 */
function currencyOf(
  days: readonly DayOfGroup[],
  groups: readonly GroupAsOf[],
  asOf: string,
): CurrencyEntry[] {
  // Newest first, as `currencyEntryOf` reads them best (the days come oldest first).
  const dayRecords: CurrencyRecord[] = [];
  for (let i = days.length - 1; i >= 0; i--) {
    const day = days[i]!;
    dayRecords.push(currencyRecordOf(day.groupOf, day.date, day.sums));
  }
  // Records of the whole group up to the date: which groups have an entry, never what is counted.
  const wholeGroups = groups.map(({ group, sums }) => currencyRecordOf(group, '', sums));
  const entries: CurrencyEntry[] = [];
  for (const rule of CURRENCY_RULES) {
    const members = new Map<string, CurrencyRecord[]>();
    for (const record of wholeGroups) {
      const group = rule.groupOf(record);
      if (group !== null && !members.has(group)) members.set(group, []);
    }
    for (const record of dayRecords) {
      const group = rule.groupOf(record);
      if (group !== null) members.get(group)?.push(record);
    }
    for (const group of [...members.keys()].sort(byteOrder)) {
      entries.push(currencyEntryOf(rule, group, members.get(group) ?? [], asOf));
    }
  }
  return entries;
}

function lifetimeOf(groups: readonly GroupAsOf[], startingTotals: StartingTotals | null): LifetimeExperience {
  const { sums, takeoffs, approaches, holds } = tallyOf(groups);
  if (startingTotals) addStartingTotals(sums, startingTotals, 1);
  let last: string | null = null;
  for (const { group, lastDate } of groups) if (group.kind === 'flight') last = maxDate(last, lastDate);
  return {
    ...pilotTotalsOf(sums, last === null ? null : `${last}T00:00:00.000Z`),
    takeoffs,
    approaches,
    holds,
  };
}

const byDay = (a: DayOfGroup, b: DayOfGroup): number => byteOrder(a.date, b.date) || a.group - b.group;

/** Whether the days are in order already (the flights are read through their index by date): no sort. */
function inDayOrder(days: readonly DayOfGroup[]): boolean {
  for (let i = 1; i < days.length; i++) if (byDay(days[i - 1]!, days[i]!) > 0) return false;
  return true;
}

/**
 * A pilot's experience as of `asOf` from the stored sums (`ExperienceAggregates`) rather than the
 * records: equal to `experienceAsOf` over the records they sum. Lifetime and the breakdowns take
 * the years before that of `asOf` and the days of its year up to it; the windows and the currency
 * rules the days of the 24 months ending on it.
 */
export function experienceFromAggregates(
  { groups, days, years }: ExperienceAggregates,
  startingTotals: StartingTotals | null,
  asOf: string,
): Experience {
  const firstOfYear = `${asOf.slice(0, 4)}-01-01`;
  const ranges = windowRangesAsOf(asOf);
  const covered = ranges.last_24_months;
  const year = Number(asOf.slice(0, 4));
  const counted: DayOfGroup[] = [];
  for (const { group, date, sums } of days) {
    const groupOf = groups[group];
    if (groupOf !== undefined && sums.records > 0 && isWithin(date, covered))
      counted.push({ group, date, sums, groupOf });
  }
  if (!inDayOrder(counted)) counted.sort(byDay);
  const asOfDate = groups.map((group): GroupAsOf => ({ group, sums: zeroExperienceSums(), lastDate: null }));
  for (const entry of years) {
    const target = asOfDate[entry.group];
    if (target === undefined || entry.year >= year || entry.sums.records <= 0) continue;
    addExperienceSums(target.sums, entry.sums);
    target.lastDate = maxDate(target.lastDate, entry.last_date);
  }
  for (const day of counted) {
    if (day.date < firstOfYear) continue;
    const target = asOfDate[day.group]!;
    addExperienceSums(target.sums, day.sums);
    target.lastDate = maxDate(target.lastDate, day.date);
  }
  const present = asOfDate.filter((entry) => entry.sums.records > 0);
  return {
    as_of: asOf,
    lifetime: lifetimeOf(present, startingTotals),
    windows: {
      last_90_days: windowOf(counted, ranges.last_90_days),
      last_6_months: windowOf(counted, ranges.last_6_months),
      last_12_months: windowOf(counted, ranges.last_12_months),
      last_24_months: windowOf(counted, ranges.last_24_months),
    },
    by_aircraft_type: byAircraftType(present, counted, asOf),
    by_engine: byEngine(present),
    by_feature: byFeature(present),
    currency: currencyOf(counted, present, asOf),
  };
}
