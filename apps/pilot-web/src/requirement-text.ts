import { AIRCRAFT_FEATURES, TOTALS_FIELDS, type AircraftFeature, type TotalsField } from '@pft/contracts';
import { type EngineKey, type WindowName } from '@pft/totals/domain';
import {
  ENGINE_LABELS,
  FEATURE_LABELS,
  WINDOW_LABELS,
  currencyGroupLabel,
  currencyRule,
} from './experience-labels';
import { hoursMinutes } from './format';
import { TOTALS_LABELS } from './totals-labels';

/**
 * One requirement of a partner's requirement check as the partner sent it (pilot-experience.md §5),
 * which the access history shows the pilot in words. What the service records is what was sent,
 * so every field is taken as unknown.
 */
export type SentRequirement = Record<string, unknown>;

const COUNT_METRICS: Readonly<Record<string, string>> = {
  flight_count: 'Flights',
  landings_day: 'Day landings',
  landings_night: 'Night landings',
  approaches: 'Approaches',
};

const isTotalsField = (metric: unknown): metric is TotalsField =>
  (TOTALS_FIELDS as readonly unknown[]).includes(metric);
const isKeyOf = <K extends string>(labels: Record<K, string>, key: unknown): key is K =>
  typeof key === 'string' && Object.hasOwn(labels, key);

/** What a metric requirement reads: the window, the types, the engine or the feature it names. */
function scopeOf(r: SentRequirement): string | null {
  if (isKeyOf<WindowName>(WINDOW_LABELS, r.window) && r.type_designator === undefined) {
    return WINDOW_LABELS[r.window].toLowerCase();
  }
  const types = typeof r.type_designator === 'string' ? [r.type_designator] : r.type_designator;
  if (Array.isArray(types)) {
    const named = `${types.length === 1 ? 'type' : 'types'} ${types.map(String).join(', ')}`;
    return isKeyOf<WindowName>(WINDOW_LABELS, r.window)
      ? `${named}, ${WINDOW_LABELS[r.window].toLowerCase()}`
      : named;
  }
  if (isKeyOf<EngineKey>(ENGINE_LABELS, r.engine)) return `engine ${ENGINE_LABELS[r.engine].toLowerCase()}`;
  if ((AIRCRAFT_FEATURES as readonly unknown[]).includes(r.feature)) {
    return `feature ${FEATURE_LABELS[r.feature as AircraftFeature].toLowerCase()}`;
  }
  return null;
}

/** A requirement in words: `Total flight time, last 12 months, at least 10:00`; one the app cannot read, as sent. */
export function requirementText(r: SentRequirement): string {
  if (typeof r.currency === 'string') {
    const rule = currencyRule(r.currency);
    const group = typeof r.group === 'string' ? `, ${currencyGroupLabel(r.group)}` : '';
    return `Current under ${rule.label}${rule.reference ? ` (${rule.reference})` : ''}${group}`;
  }
  const atLeast = typeof r.at_least === 'number' ? r.at_least : null;
  const minutes = isTotalsField(r.metric);
  const label = minutes ? TOTALS_LABELS[r.metric as TotalsField] : COUNT_METRICS[String(r.metric)];
  if (!label || atLeast === null) return JSON.stringify(r);
  const scope = scopeOf(r);
  return `${label}${scope ? `, ${scope}` : ''}, at least ${minutes ? hoursMinutes(atLeast) : atLeast}`;
}
