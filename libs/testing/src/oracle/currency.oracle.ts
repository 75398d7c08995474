import { addDays, firstDayOfMonthsBefore, firstOfDaysEndingOn, parsePlainDate } from './calendar.oracle';
import { type ExperienceRecord, type RecordCounts, countsOf } from './experience-record.oracle';

/**
 * The currency entries of pilot-experience.md 2.4, from the spec alone. `valid_until` is found by
 * brute force: step forward a day at a time from D, asking again whether the rule holds with the
 * records dated on or before D, until it does not.
 */
export const CURRENCY_COUNT_NAMES = [
  'takeoffs',
  'landings',
  'takeoffs_night',
  'landings_night',
  'landings_night_full_stop',
  'approaches',
  'holds',
] as const;
export type CurrencyCountName = (typeof CURRENCY_COUNT_NAMES)[number];

export type CurrencyRuleKey =
  'faa_61_57_a' | 'faa_61_57_b' | 'faa_61_57_c' | 'easa_fcl_060_b1' | 'easa_fcl_060_b2';

export interface CurrencyEntry {
  rule: CurrencyRuleKey;
  group: string;
  status: 'current' | 'not_current';
  valid_until: string | null;
  window_from: string;
  counted: Partial<Record<CurrencyCountName, number>>;
  required: Partial<Record<CurrencyCountName, number>>;
}

interface OracleRule {
  key: CurrencyRuleKey;
  /** The table's counts column, in its order. */
  required: [CurrencyCountName, number][];
  windowFrom: (x: string) => string;
  /** The record's group under this rule, or undefined when the rule does not count the record. */
  groupOf: (record: ExperienceRecord) => string | undefined;
  /** Whether the record makes the group have an entry (the table's last column, or 61.57(c)'s extra condition). */
  opensEntry: (record: ExperienceRecord) => boolean;
}

function valueOf(name: CurrencyCountName, c: RecordCounts): number {
  switch (name) {
    case 'takeoffs':
      return c.takeoffs_day + c.takeoffs_night;
    case 'landings':
      return c.landings_day + c.landings_night;
    case 'takeoffs_night':
      return c.takeoffs_night;
    case 'landings_night':
      return c.landings_night;
    case 'landings_night_full_stop':
      return c.landings_night_full_stop;
    case 'approaches':
      return c.approaches;
    case 'holds':
      return c.holds;
  }
}

/** The FAA group of a flight (2.4, below the table). */
export function faaGroupOf(record: ExperienceRecord): string | undefined {
  const { category, rating_key: key } = record.aircraft;
  if (category !== 'airplane') return category;
  if (key === 'sep_land' || key === 'set_land') return 'airplane_sel';
  if (key === 'mep_land') return 'airplane_mel';
  if (key === 'sep_sea' || key === 'set_sea') return 'airplane_ses';
  if (key === 'mep_sea') return 'airplane_mes';
  if (key === 'tmg') return 'tmg';
  if (key?.startsWith('type_')) return key;
  return undefined;
}

const ninetyDays = (x: string): string => firstOfDaysEndingOn(x, 90);
const flightsOnly =
  (groupOf: (r: ExperienceRecord) => string | undefined) =>
  (r: ExperienceRecord): string | undefined =>
    r.kind === 'flight' ? groupOf(r) : undefined;
const airplaneRatingKey = (r: ExperienceRecord): string | undefined =>
  r.aircraft.category === 'airplane' ? r.aircraft.rating_key : undefined;
const always = (): boolean => true;

export const ORACLE_CURRENCY_RULES: readonly OracleRule[] = [
  {
    key: 'faa_61_57_a',
    required: [
      ['takeoffs', 3],
      ['landings', 3],
    ],
    windowFrom: ninetyDays,
    groupOf: flightsOnly(faaGroupOf),
    opensEntry: always,
  },
  {
    key: 'faa_61_57_b',
    required: [
      ['takeoffs_night', 3],
      ['landings_night_full_stop', 3],
    ],
    windowFrom: ninetyDays,
    groupOf: flightsOnly(faaGroupOf),
    opensEntry: always,
  },
  {
    key: 'faa_61_57_c',
    required: [
      ['approaches', 6],
      ['holds', 1],
    ],
    // From the first day of the sixth calendar month before X's month through X.
    windowFrom: (x) => firstDayOfMonthsBefore(x, 6),
    groupOf: (r) => r.aircraft.category,
    // Only categories in which an approach or a hold was logged.
    opensEntry: (r) => countsOf(r).approaches > 0 || countsOf(r).holds > 0,
  },
  {
    key: 'easa_fcl_060_b1',
    required: [
      ['takeoffs', 3],
      ['landings', 3],
    ],
    windowFrom: ninetyDays,
    groupOf: flightsOnly(airplaneRatingKey),
    opensEntry: always,
  },
  {
    key: 'easa_fcl_060_b2',
    required: [
      ['takeoffs_night', 1],
      ['landings_night', 1],
    ],
    windowFrom: ninetyDays,
    groupOf: flightsOnly(airplaneRatingKey),
    opensEntry: always,
  },
];

/** A record with its date as a number (yyyymmdd) and its counts, worked out once: the search asks many times. */
interface CountedRecord {
  day: number;
  counts: RecordCounts;
}

/** `YYYY-MM-DD` (validated by oracleCurrency) as yyyymmdd, so windows compare numbers. */
const dayNumber = (date: string): number =>
  Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));

function countedOn(
  rule: OracleRule,
  records: readonly CountedRecord[],
  x: string,
): [CurrencyCountName, number][] {
  const from = dayNumber(rule.windowFrom(x));
  const to = dayNumber(x);
  return rule.required.map(([name]) => {
    let total = 0;
    for (const r of records) if (from <= r.day && r.day <= to) total += valueOf(name, r.counts);
    return [name, total];
  });
}

function holdsOn(rule: OracleRule, records: readonly CountedRecord[], x: string): boolean {
  const counted = countedOn(rule, records, x);
  return rule.required.every(([name, least], i) => counted[i]![0] === name && counted[i]![1] >= least);
}

/**
 * Every record has left a 90-day window 90 days after D, and a 61.57(c) window within seven
 * months and a day; past this bound the rule cannot hold, and reaching it means a bug here.
 */
const SEARCH_BOUND_DAYS = 400;

function validUntil(rule: OracleRule, records: readonly CountedRecord[], asOf: string): string | null {
  if (!holdsOn(rule, records, asOf)) return null;
  let last = asOf;
  for (let step = 1; step <= SEARCH_BOUND_DAYS; step++) {
    const next = addDays(last, 1);
    if (!holdsOn(rule, records, next)) return last;
    last = next;
  }
  throw new Error(`${rule.key} still holds ${SEARCH_BOUND_DAYS} days after ${asOf}`);
}

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The currency entries as of `asOf`, given the records dated on or before it. */
export function oracleCurrency(recordsUpToD: readonly ExperienceRecord[], asOf: string): CurrencyEntry[] {
  parsePlainDate(asOf);
  for (const r of recordsUpToD) parsePlainDate(r.date);
  const records = recordsUpToD.filter((r) => r.date <= asOf);
  const entries: CurrencyEntry[] = [];
  for (const rule of ORACLE_CURRENCY_RULES) {
    const groups = new Set<string>();
    for (const r of records) {
      const group = rule.groupOf(r);
      if (group !== undefined && rule.opensEntry(r)) groups.add(group);
    }
    for (const group of [...groups].sort(byteOrder)) {
      const mine = records
        .filter((r) => rule.groupOf(r) === group)
        .map((r) => ({ day: dayNumber(r.date), counts: countsOf(r) }));
      const until = validUntil(rule, mine, asOf);
      entries.push({
        rule: rule.key,
        group,
        status: until === null ? 'not_current' : 'current',
        valid_until: until,
        window_from: rule.windowFrom(asOf),
        counted: Object.fromEntries(countedOn(rule, mine, asOf)),
        required: Object.fromEntries(rule.required),
      });
    }
  }
  return entries;
}
