import { AIRCRAFT_FEATURES, TOTALS_FIELDS, type AircraftFeature, type TotalsField } from '@pft/contracts';
import { ENGINE_KEYS, type EngineKey } from '../experience/breakdowns';
import { type CurrencyRuleKey } from '../experience/currency-rules';
import { WINDOW_NAMES, type WindowName } from '../experience/windows';

/**
 * A requirement of a check (`pilot-experience.md` 5), validated: a threshold on one figure of the
 * experience, or a currency rule's standing in one group.
 */

/** What a requirement may measure: a field of the totals (partner API 2.4.1) or one of four counts. */
export const REQUIREMENT_METRICS = [
  ...TOTALS_FIELDS,
  'flight_count',
  'landings_day',
  'landings_night',
  'approaches',
] as const;
export type RequirementMetric = (typeof REQUIREMENT_METRICS)[number];

/** The metrics each breakdown has: a breakdown filter takes only these. */
export const TYPE_METRICS = [
  'total_flight_time_minutes',
  'pic_minutes',
  'sic_minutes',
  'flight_count',
] as const;
export type TypeMetric = (typeof TYPE_METRICS)[number];
export const ENGINE_METRICS = [
  'total_flight_time_minutes',
  'pic_minutes',
  'sic_minutes',
  'multi_engine_minutes',
  'flight_count',
] as const;
export type EngineMetric = (typeof ENGINE_METRICS)[number];
export const FEATURE_METRICS = ['total_flight_time_minutes', 'pic_minutes', 'flight_count'] as const;
export type FeatureMetric = (typeof FEATURE_METRICS)[number];

/** The one window a type designator filter may add, and the one metric it then takes. */
export const TYPE_WINDOW = 'last_12_months' satisfies WindowName;

export { AIRCRAFT_FEATURES, ENGINE_KEYS, WINDOW_NAMES };

/** `at_least`: a whole number from 0 to 100,000,000. */
export const AT_LEAST_MAX = 100_000_000;
/** A check holds 1 to 20 requirements. */
export const MAX_REQUIREMENTS = 20;
/** Ids: 1 to 64 characters of `A-Z a-z 0-9 _ . -`. */
export const REQUIREMENT_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** Where a threshold's figure is read from. */
export type RequirementScope =
  | { kind: 'lifetime'; metric: RequirementMetric }
  | { kind: 'window'; window: WindowName; metric: RequirementMetric }
  | { kind: 'aircraft_type'; type_designators: string[]; metric: TypeMetric }
  /** `total_flight_time_minutes` over the types in `last_12_months`: the breakdown's `last_12_months_minutes`. */
  | { kind: 'aircraft_type_last_12_months'; type_designators: string[] }
  | { kind: 'engine'; engine: EngineKey; metric: EngineMetric }
  | { kind: 'feature'; feature: AircraftFeature; metric: FeatureMetric };

export interface ThresholdRequirement {
  kind: 'threshold';
  id: string;
  scope: RequirementScope;
  at_least: number;
}

export interface CurrencyRequirement {
  kind: 'currency';
  id: string;
  rule: CurrencyRuleKey;
  group: string;
}

export type Requirement = ThresholdRequirement | CurrencyRequirement;

export const isOneOf = <T extends string>(allowed: readonly T[], value: string): value is T =>
  (allowed as readonly string[]).includes(value);

export type { TotalsField };
