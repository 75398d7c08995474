import { FLIGHT_MINUTE_FIELDS, type AircraftFeature } from '@pft/contracts';
import {
  addToTypeEntry,
  type AircraftTypeEntry,
  type Counted,
  engineEntries,
  type EngineEntry,
  type EngineKey,
  featureEntries,
  type FeatureEntry,
  typeEntryOrder,
  zeroTypeEntry,
} from './breakdowns';
import { isWithin, monthsEndingOn } from './calendar';
import { type ExperienceDay, type ExperienceGroup, type ExperienceSums } from './experience-aggregates';

/** Time by aircraft type, engine and feature (`pilot-experience.md` 2.3) from the stored sums. */

const TOTAL = FLIGHT_MINUTE_FIELDS.indexOf('total_flight_time');
const PIC = FLIGHT_MINUTE_FIELDS.indexOf('pic');
const SIC = FLIGHT_MINUTE_FIELDS.indexOf('sic');
const MULTI_ENGINE = FLIGHT_MINUTE_FIELDS.indexOf('multi_engine');

export const maxDate = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a > b ? a : b;

/** A group's sums over its records dated on or before the date asked, and the latest of those dates. */
export interface GroupAsOf {
  group: ExperienceGroup;
  sums: ExperienceSums;
  lastDate: string | null;
}

export type DayOfGroup = ExperienceDay & { groupOf: ExperienceGroup };

/** What a group's sums add to the entries the group counts in. */
const countedOf = (sums: ExperienceSums): Counted => ({
  total_flight_time: sums.minutes[TOTAL] ?? 0,
  pic: sums.minutes[PIC] ?? 0,
  sic: sums.minutes[SIC] ?? 0,
  multi_engine: sums.minutes[MULTI_ENGINE] ?? 0,
  flights: sums.records,
});

const flightGroups = (groups: readonly GroupAsOf[]): GroupAsOf[] =>
  groups.filter(({ group }) => group.kind === 'flight');

/** One entry per type designator flown, most flight time first; the last 12 months from the days. */
export function byAircraftType(
  groups: readonly GroupAsOf[],
  days: readonly DayOfGroup[],
  asOf: string,
): AircraftTypeEntry[] {
  const last12Months = monthsEndingOn(asOf, 12);
  const entries = new Map<string, AircraftTypeEntry & { last: string | null }>();
  const entryOf = (designator: string) => {
    const entry = entries.get(designator) ?? { ...zeroTypeEntry(designator), last: null };
    entries.set(designator, entry);
    return entry;
  };
  for (const { group, sums, lastDate } of flightGroups(groups)) {
    if (group.type_designator === null || sums.records === 0) continue;
    const entry = entryOf(group.type_designator);
    addToTypeEntry(entry, countedOf(sums));
    entry.last = maxDate(entry.last, lastDate);
  }
  for (const day of days) {
    const designator = day.groupOf.type_designator;
    if (day.groupOf.kind !== 'flight' || designator === null || !isWithin(day.date, last12Months)) continue;
    entryOf(designator).last_12_months_minutes += day.sums.minutes[TOTAL] ?? 0;
  }
  return [...entries.values()]
    .map(({ last, ...entry }) => ({ ...entry, last_flight_date: `${last ?? ''}T00:00:00.000Z` }))
    .sort(typeEntryOrder);
}

/** Every engine key, always present; `turbine` is turboprop + turbojet + turboshaft. */
export const byEngine = (groups: readonly GroupAsOf[]): Record<EngineKey, EngineEntry> =>
  engineEntries(
    flightGroups(groups).map(({ group, sums }) => ({ engine: group.engine, counted: countedOf(sums) })),
  );

/** Every feature, always present, over the flights of the groups that have it. */
export const byFeature = (groups: readonly GroupAsOf[]): Record<AircraftFeature, FeatureEntry> =>
  featureEntries(
    flightGroups(groups).map(({ group, sums }) => ({ features: group.features, counted: countedOf(sums) })),
  );
