import { type AircraftFeature } from '@pft/contracts';
import { currencyRuleCatalog, type CurrencyEntry, type EngineKey, type WindowName } from '@pft/totals/domain';
import { ratingLabel } from './ratings';

/** How the app names what the experience answer keys (pilot-experience.md §2), for people. */

export const WINDOW_LABELS: Record<WindowName, string> = {
  last_90_days: 'Last 90 days',
  last_6_months: 'Last 6 months',
  last_12_months: 'Last 12 months',
  last_24_months: 'Last 24 months',
};

export const ENGINE_LABELS: Record<EngineKey, string> = {
  piston: 'Piston',
  turboprop: 'Turboprop',
  turbojet: 'Turbojet or turbofan',
  turboshaft: 'Turboshaft',
  electric: 'Electric',
  unknown: 'Not known',
  turbine: 'Turbine (all three)',
};

/** The features' names, as the flight form's checkboxes are named (pilot-experience.md §6). */
export const FEATURE_LABELS: Record<AircraftFeature, string> = {
  complex: 'Complex',
  high_performance: 'High performance',
  tailwheel: 'Tailwheel',
  retractable_gear: 'Retractable gear',
  pressurized: 'Pressurized',
  taa: 'TAA',
};

/** The rules as the service's catalog lists them (the one `GET /v1/currency-rules` answers). */
const RULES = new Map(currencyRuleCatalog().rules.map((rule) => [rule.key as string, rule]));

/** A currency rule's label and reference; an unknown key is shown as it is. */
export function currencyRule(key: string): { label: string; reference: string } {
  const rule = RULES.get(key);
  return rule ? { label: rule.label, reference: rule.reference } : { label: key, reference: '' };
}

const GROUP_LABELS: Readonly<Record<string, string>> = {
  airplane_sel: 'Airplane single-engine land',
  airplane_mel: 'Airplane multi-engine land',
  airplane_ses: 'Airplane single-engine sea',
  airplane_mes: 'Airplane multi-engine sea',
  tmg: 'Touring motor glider',
  airplane: 'Airplane',
  helicopter: 'Helicopter',
  sailplane: 'Sailplane',
  other: 'Other aircraft',
};

/**
 * A currency group for people: an FAA class or a category by its name, a rating key (an EASA
 * group, or the type of an FAA type rating) by its label in the rating dictionary.
 */
export function currencyGroupLabel(group: string): string {
  return GROUP_LABELS[group] ?? ratingLabel(group);
}

const COUNT_LABELS: Readonly<Record<string, string>> = {
  takeoffs: 'Takeoffs',
  landings: 'Landings',
  takeoffs_night: 'Night takeoffs',
  landings_night: 'Night landings',
  landings_night_full_stop: 'Night full-stop landings',
  approaches: 'Approaches',
  holds: 'Holds',
};

export interface CountAgainstRequired {
  name: string;
  label: string;
  counted: number;
  required: number;
  met: boolean;
}

/** What a rule counted against what it requires, in the order of its requirements. */
export function countsOf(entry: Pick<CurrencyEntry, 'counted' | 'required'>): CountAgainstRequired[] {
  return Object.entries(entry.required).map(([name, required]) => {
    const counted = entry.counted[name] ?? 0;
    return { name, label: COUNT_LABELS[name] ?? name, counted, required, met: counted >= required };
  });
}

/** A day and a night count as one cell: `3 / 1`. */
export const dayNight = (counts: { day: number; night: number }): string => `${counts.day} / ${counts.night}`;
