import {
  addDays,
  firstDayOfMonthShifted,
  lastDayOfMonthShifted,
  remembered,
  REMEMBERED_DATES,
} from './calendar';
import { type CountedRecord } from './experience-record';

/** What the rules read of a record: how they group it and what they count of it. */
export type CurrencyRecord = Pick<
  CountedRecord,
  | 'date'
  | 'kind'
  | 'category'
  | 'rating_key'
  | 'takeoffs_day'
  | 'takeoffs_night'
  | 'landings_day'
  | 'landings_night'
  | 'landings_day_full_stop'
  | 'landings_night_full_stop'
  | 'approaches'
  | 'holds'
>;

/**
 * The recent-experience rules of `pilot-experience.md` 2.4: what `GET /v1/currency-rules` lists, and
 * for each its window, its counts and how it groups the records.
 */

export const CURRENCY_RULE_KEYS = [
  'faa_61_57_a',
  'faa_61_57_b',
  'faa_61_57_c',
  'easa_fcl_060_b1',
  'easa_fcl_060_b2',
] as const;
export type CurrencyRuleKey = (typeof CURRENCY_RULE_KEYS)[number];

/** A rule as the catalog lists it. */
export interface CurrencyRuleInfo {
  key: CurrencyRuleKey;
  label: string;
  authority: 'FAA' | 'EASA';
  reference: string;
  description: string;
}

/**
 * A rule's window for a date X: it starts on `fromFor(X)` and ends on X. The start never moves
 * back as X moves on, so with no records added a rule that fails on X fails on every later date.
 */
export interface RuleWindow {
  fromFor(date: string): string;
  /** The last date X whose window starts on or before `date`: how long a record dated `date` still counts. */
  lastDateCounting(date: string): string;
}

/** One of a rule's counts: its name in `counted` and `required`, and what a record adds to it. */
export interface RuleCount {
  name: string;
  required: number;
  of(record: CurrencyRecord): number;
}

export interface CurrencyRule extends CurrencyRuleInfo {
  window: RuleWindow;
  counts: readonly RuleCount[];
  /** The group a record counts in, or null when the rule does not count it. */
  groupOf(record: CurrencyRecord): string | null;
}

/** The 90 days ending on X: X−89 through X. */
export const NINETY_DAYS: RuleWindow = {
  fromFor: (date) => addDays(date, -89),
  lastDateCounting: (date) => addDays(date, 89),
};

/** From the first day of the sixth calendar month before X's month through X (61.57(c)(1)). */
export const SIX_CALENDAR_MONTHS: RuleWindow = {
  // Remembered, as addDays is: a read works these out for the same few dates again and again.
  fromFor: remembered(REMEMBERED_DATES, (date: string) => firstDayOfMonthShifted(date, -6)),
  lastDateCounting: remembered(REMEMBERED_DATES, (date: string) => lastDayOfMonthShifted(date, 6)),
};

const FAA_CLASS_GROUPS: Readonly<Record<string, string>> = {
  sep_land: 'airplane_sel',
  set_land: 'airplane_sel',
  mep_land: 'airplane_mel',
  sep_sea: 'airplane_ses',
  set_sea: 'airplane_ses',
  mep_sea: 'airplane_mes',
  tmg: 'tmg',
};

/**
 * The FAA group of a flight: the airplane class of its rating key, the type key itself for a type
 * rating (61.57 asks for the same type), or the category for helicopters, sailplanes and others.
 * An airplane flight without a known rating key (validation keeps them out) is in no group.
 */
export function faaGroupOf(record: CurrencyRecord): string | null {
  if (record.kind !== 'flight') return null;
  if (record.category !== 'airplane') return record.category;
  const key = record.rating_key;
  if (key === null) return null;
  if (key.startsWith('type_')) return key;
  return FAA_CLASS_GROUPS[key] ?? null;
}

/** The EASA group of a flight: its rating key, airplane flights only. */
function easaGroupOf(record: CurrencyRecord): string | null {
  return record.kind === 'flight' && record.category === 'airplane' ? record.rating_key : null;
}

const takeoffs: RuleCount['of'] = (r) => r.takeoffs_day + r.takeoffs_night;
const landings: RuleCount['of'] = (r) => r.landings_day + r.landings_night;

const SOLE_MANIPULATOR =
  'Not assessed, because a logbook record does not show it: that the pilot was the sole manipulator of the flight controls';
const PILOT_FLYING =
  'Not assessed, because a logbook record does not show it: that the pilot was pilot flying (sole manipulator of the controls)';

export const CURRENCY_RULES: readonly CurrencyRule[] = [
  {
    key: 'faa_61_57_a',
    label: 'Passengers: 3 takeoffs and 3 landings in 90 days',
    authority: 'FAA',
    reference: '14 CFR 61.57(a)',
    description:
      'Holds on a date when the flights in the same category and class (or the same type, where a type rating is required) dated in the 90 days ending on it have at least 3 takeoffs and 3 landings, day and night together. ' +
      `${SOLE_MANIPULATOR}; nor, in a tailwheel airplane, that the landings were to a full stop (61.57(a)(1)(ii)).`,
    window: NINETY_DAYS,
    counts: [
      { name: 'takeoffs', required: 3, of: takeoffs },
      { name: 'landings', required: 3, of: landings },
    ],
    groupOf: faaGroupOf,
  },
  {
    key: 'faa_61_57_b',
    label: 'Passengers at night: 3 night takeoffs and 3 night full-stop landings in 90 days',
    authority: 'FAA',
    reference: '14 CFR 61.57(b)',
    description:
      'Holds on a date when the flights in the same category and class (or the same type, where a type rating is required) dated in the 90 days ending on it have at least 3 night takeoffs and 3 night landings to a full stop, as logged. ' +
      `${SOLE_MANIPULATOR}; nor that each was between 1 hour after sunset and 1 hour before sunrise.`,
    window: NINETY_DAYS,
    counts: [
      { name: 'takeoffs_night', required: 3, of: (r) => r.takeoffs_night },
      { name: 'landings_night_full_stop', required: 3, of: (r) => r.landings_night_full_stop },
    ],
    groupOf: faaGroupOf,
  },
  {
    key: 'faa_61_57_c',
    label: 'Instrument experience: 6 approaches and holding in 6 calendar months',
    authority: 'FAA',
    reference: '14 CFR 61.57(c)(1)',
    description:
      'Holds on a date when the flights and simulator sessions in the aircraft category dated from the first day of the sixth calendar month before its month through it have at least 6 instrument approaches and 1 holding procedure. ' +
      'Not assessed, because a logbook record does not show it: intercepting and tracking courses through the use of navigational electronic systems (61.57(c)(1)(iii)), whether a simulator session was in a device approved for it, and the instrument proficiency check a longer lapse calls for (61.57(d)).',
    window: SIX_CALENDAR_MONTHS,
    counts: [
      { name: 'approaches', required: 6, of: (r) => r.approaches },
      { name: 'holds', required: 1, of: (r) => r.holds },
    ],
    // Only categories in which an approach or a hold was logged get an entry.
    groupOf: (r) => (r.approaches > 0 || r.holds > 0 ? r.category : null),
  },
  {
    key: 'easa_fcl_060_b1',
    label: 'Passengers: 3 takeoffs and 3 landings in 90 days',
    authority: 'EASA',
    reference: 'EASA Part-FCL FCL.060(b)(1)',
    description:
      'Holds on a date when the airplane flights with the same class or type rating dated in the 90 days ending on it have at least 3 takeoffs and 3 landings. ' +
      `${PILOT_FLYING}; sessions in a full flight simulator, which the rule also accepts, are not counted.`,
    window: NINETY_DAYS,
    counts: [
      { name: 'takeoffs', required: 3, of: takeoffs },
      { name: 'landings', required: 3, of: landings },
    ],
    groupOf: easaGroupOf,
  },
  {
    key: 'easa_fcl_060_b2',
    label: 'Passengers at night: 1 night takeoff and 1 night landing in 90 days',
    authority: 'EASA',
    reference: 'EASA Part-FCL FCL.060(b)(2)',
    description:
      'Holds on a date when the airplane flights with the same class or type rating dated in the 90 days ending on it have at least 1 night takeoff and 1 night landing. ' +
      `${PILOT_FLYING}; nor whether the pilot holds an instrument rating, which exempts from FCL.060(b)(2); sessions in a full flight simulator are not counted.`,
    window: NINETY_DAYS,
    counts: [
      { name: 'takeoffs_night', required: 1, of: (r) => r.takeoffs_night },
      { name: 'landings_night', required: 1, of: (r) => r.landings_night },
    ],
    groupOf: easaGroupOf,
  },
];

/** The catalog of `GET /v1/currency-rules`, in the rules' order. */
export function currencyRuleCatalog(): { rules: CurrencyRuleInfo[] } {
  return {
    rules: CURRENCY_RULES.map(({ key, label, authority, reference, description }) => ({
      key,
      label,
      authority,
      reference,
      description,
    })),
  };
}
