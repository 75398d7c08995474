import { FLIGHT_MINUTE_FIELDS, type AircraftFeature } from '@pft/contracts';
import {
  emptyEngineEntries,
  emptyFeatureEntries,
  TURBINES,
  type AircraftTypeEntry,
  type EngineEntry,
  type EngineKey,
  type FeatureEntry,
} from './breakdowns';
import { isWithin, monthsEndingOn } from './calendar';
import { type ExperienceDay, type ExperienceGroup, type ExperienceSums } from './experience-aggregates';

/** Time by aircraft type, engine and feature (`pilot-experience.md` 2.3) from the stored sums. */

const TOTAL = FLIGHT_MINUTE_FIELDS.indexOf('total_flight_time');
const PIC = FLIGHT_MINUTE_FIELDS.indexOf('pic');
const SIC = FLIGHT_MINUTE_FIELDS.indexOf('sic');
const MULTI_ENGINE = FLIGHT_MINUTE_FIELDS.indexOf('multi_engine');

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
export const maxDate = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a > b ? a : b;

/** A group's sums over its records dated on or before the date asked, and the latest of those dates. */
export interface GroupAsOf {
  group: ExperienceGroup;
  sums: ExperienceSums;
  lastDate: string | null;
}

export type DayOfGroup = ExperienceDay & { groupOf: ExperienceGroup };

/** One entry per type designator flown, most flight time first; the last 12 months from the days. */
export function byAircraftType(
  groups: readonly GroupAsOf[],
  days: readonly DayOfGroup[],
  asOf: string,
): AircraftTypeEntry[] {
  const last12Months = monthsEndingOn(asOf, 12);
  const entries = new Map<string, AircraftTypeEntry & { last: string | null }>();
  const entryOf = (designator: string) => {
    const entry = entries.get(designator) ?? {
      type_designator: designator,
      total_flight_time_minutes: 0,
      pic_minutes: 0,
      sic_minutes: 0,
      last_12_months_minutes: 0,
      flight_count: 0,
      last_flight_date: '',
      last: null,
    };
    entries.set(designator, entry);
    return entry;
  };
  for (const { group, sums, lastDate } of groups) {
    if (group.kind !== 'flight' || group.type_designator === null || sums.records === 0) continue;
    const entry = entryOf(group.type_designator);
    entry.total_flight_time_minutes += sums.minutes[TOTAL] ?? 0;
    entry.pic_minutes += sums.minutes[PIC] ?? 0;
    entry.sic_minutes += sums.minutes[SIC] ?? 0;
    entry.flight_count += sums.records;
    entry.last = maxDate(entry.last, lastDate);
  }
  for (const day of days) {
    const designator = day.groupOf.type_designator;
    if (day.groupOf.kind !== 'flight' || designator === null || !isWithin(day.date, last12Months)) continue;
    entryOf(designator).last_12_months_minutes += day.sums.minutes[TOTAL] ?? 0;
  }
  return [...entries.values()]
    .map(({ last, ...entry }) => ({ ...entry, last_flight_date: `${last ?? ''}T00:00:00.000Z` }))
    .sort(
      (a, b) =>
        b.total_flight_time_minutes - a.total_flight_time_minutes ||
        byteOrder(a.type_designator, b.type_designator),
    );
}

/** Every engine key, always present; `turbine` is turboprop + turbojet + turboshaft. */
export function byEngine(groups: readonly GroupAsOf[]): Record<EngineKey, EngineEntry> {
  const entries = emptyEngineEntries();
  for (const { group, sums } of groups) {
    if (group.kind !== 'flight') continue;
    const keys: EngineKey[] = TURBINES.has(group.engine) ? [group.engine, 'turbine'] : [group.engine];
    for (const key of keys) {
      const entry = entries[key] as EngineEntry | undefined;
      if (entry === undefined) continue;
      entry.total_flight_time_minutes += sums.minutes[TOTAL] ?? 0;
      entry.pic_minutes += sums.minutes[PIC] ?? 0;
      entry.sic_minutes += sums.minutes[SIC] ?? 0;
      entry.multi_engine_minutes += sums.minutes[MULTI_ENGINE] ?? 0;
      entry.flight_count += sums.records;
    }
  }
  return entries;
}

/** Every feature, always present, over the flights of the groups that have it. */
export function byFeature(groups: readonly GroupAsOf[]): Record<AircraftFeature, FeatureEntry> {
  const entries = emptyFeatureEntries();
  for (const { group, sums } of groups) {
    if (group.kind !== 'flight') continue;
    for (const feature of group.features) {
      const entry = entries[feature] as FeatureEntry | undefined;
      if (entry === undefined) continue;
      entry.total_flight_time_minutes += sums.minutes[TOTAL] ?? 0;
      entry.pic_minutes += sums.minutes[PIC] ?? 0;
      entry.flight_count += sums.records;
    }
  }
  return entries;
}
