import {
  FLIGHT_MINUTE_FIELDS,
  type AircraftCategory,
  type AircraftFeature,
  type FlightKind,
} from '@pft/contracts';
import { type FlightFacts } from '../flight-contribution';
import { type CountedEngine } from './experience-record';

/**
 * What the experience projection stores of a pilot's records: sums per day and per group, and per
 * group and year, from which `experienceFromAggregates` answers for any date without the records.
 * A group is what the answers tell records apart by: kind, category, rating key, type designator,
 * engine and features. Records of one group on one day are interchangeable for every figure of
 * `pilot-experience.md` 2, so their sums answer as the records would.
 */
export interface ExperienceGroup {
  kind: FlightKind;
  category: AircraftCategory;
  rating_key: string | null;
  type_designator: string | null;
  engine: CountedEngine;
  /** In the order of AIRCRAFT_FEATURES, each once. */
  features: readonly AircraftFeature[];
}

/** The counts a sum adds up besides the thirteen minutes fields, in the stored columns' order. */
export const EXPERIENCE_COUNT_FIELDS = [
  'landings_day',
  'landings_night',
  'landings_day_full_stop',
  'landings_night_full_stop',
  'takeoffs_day',
  'takeoffs_night',
  'approaches',
  'holds',
  'records',
] as const;
export type ExperienceCountField = (typeof EXPERIENCE_COUNT_FIELDS)[number];

/**
 * Sums over some records of one group. `minutes` in FLIGHT_MINUTE_FIELDS order, as recorded (a
 * simulator session's count only in `simulator`, on reading); landings and takeoffs as counted (none
 * for a simulator session); `records` how many records.
 */
export type ExperienceSums = Record<ExperienceCountField, number> & { minutes: number[] };

/** A group's sums over the records dated on one day. */
export interface ExperienceDay {
  /** The group's index in the pilot's list of groups. */
  group: number;
  date: string;
  sums: ExperienceSums;
}

/** A group's sums over the records dated in one calendar year, and the latest date among them. */
export interface ExperienceYear {
  group: number;
  year: number;
  sums: ExperienceSums;
  last_date: string | null;
}

/**
 * What a read of `asOf` takes: the pilot's groups, the day sums dated in the 24 months ending on
 * `asOf`, and the year sums of the years before that of `asOf`. More may be given: what lies outside
 * is left out.
 */
export interface ExperienceAggregates {
  groups: readonly ExperienceGroup[];
  days: readonly ExperienceDay[];
  years: readonly ExperienceYear[];
}

export const zeroExperienceSums = (): ExperienceSums => ({
  minutes: FLIGHT_MINUTE_FIELDS.map(() => 0),
  landings_day: 0,
  landings_night: 0,
  landings_day_full_stop: 0,
  landings_night_full_stop: 0,
  takeoffs_day: 0,
  takeoffs_night: 0,
  approaches: 0,
  holds: 0,
  records: 0,
});

/** Adds (`sign` 1) or takes back (`sign` -1) `from` into `into`, in place. */
export function addExperienceSums(into: ExperienceSums, from: ExperienceSums, sign: 1 | -1 = 1): void {
  for (let i = 0; i < into.minutes.length; i += 1) into.minutes[i]! += sign * (from.minutes[i] ?? 0);
  for (const field of EXPERIENCE_COUNT_FIELDS) into[field] += sign * from[field];
}

/** The group a record counts in and what it adds to that group's sums. */
export function experienceContributionOf(facts: FlightFacts): {
  group: ExperienceGroup;
  sums: ExperienceSums;
} {
  const { experience } = facts;
  const flying = facts.kind === 'flight';
  return {
    group: {
      kind: facts.kind,
      category: facts.category,
      rating_key: facts.rating_key,
      type_designator: experience.type_designator,
      engine: experience.engine,
      features: experience.features,
    },
    sums: {
      minutes: [...facts.minutes],
      landings_day: flying ? facts.landings_day : 0,
      landings_night: flying ? facts.landings_night : 0,
      landings_day_full_stop: experience.landings_day_full_stop,
      landings_night_full_stop: experience.landings_night_full_stop,
      takeoffs_day: experience.takeoffs_day,
      takeoffs_night: experience.takeoffs_night,
      approaches: experience.approaches,
      holds: experience.holds,
      records: 1,
    },
  };
}
