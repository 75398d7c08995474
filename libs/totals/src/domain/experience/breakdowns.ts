import { AIRCRAFT_FEATURES, ENGINE_KINDS, type AircraftFeature } from '@pft/contracts';
import { isWithin, monthsEndingOn } from './calendar';
import { type CountedEngine, type CountedRecord } from './experience-record';

/**
 * Time by aircraft type, engine and feature (`pilot-experience.md` 2.3): logged `kind: flight`
 * records only, starting totals never. The callers pass only records dated on or before the date.
 */

export interface AircraftTypeEntry {
  type_designator: string;
  total_flight_time_minutes: number;
  pic_minutes: number;
  sic_minutes: number;
  /** Total flight time in `last_12_months`. */
  last_12_months_minutes: number;
  flight_count: number;
  /** `YYYY-MM-DDT00:00:00.000Z`, as in the totals. */
  last_flight_date: string;
}

export interface EngineEntry {
  total_flight_time_minutes: number;
  pic_minutes: number;
  sic_minutes: number;
  multi_engine_minutes: number;
  flight_count: number;
}

export type EngineKey = CountedEngine | 'turbine';
export const ENGINE_KEYS: readonly EngineKey[] = [...ENGINE_KINDS, 'unknown', 'turbine'];
export const TURBINES: ReadonlySet<CountedEngine> = new Set(['turboprop', 'turbojet', 'turboshaft']);

export interface FeatureEntry {
  total_flight_time_minutes: number;
  pic_minutes: number;
  flight_count: number;
}

const flightsOf = (records: readonly CountedRecord[]): CountedRecord[] =>
  records.filter((record) => record.kind === 'flight');

/** Strings in byte order (not the locale's), as the breakdowns and currency groups are listed. */
export const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What one record, or the sums of a group of records, adds to the entries it counts in. */
export interface Counted {
  total_flight_time: number;
  pic: number;
  sic: number;
  multi_engine: number;
  flights: number;
}

const countedOf = ({ minutes }: CountedRecord): Counted => ({
  total_flight_time: minutes.total_flight_time,
  pic: minutes.pic,
  sic: minutes.sic,
  multi_engine: minutes.multi_engine,
  flights: 1,
});

/** The entry of a type designator with nothing counted yet. */
export const zeroTypeEntry = (designator: string): AircraftTypeEntry => ({
  type_designator: designator,
  total_flight_time_minutes: 0,
  pic_minutes: 0,
  sic_minutes: 0,
  last_12_months_minutes: 0,
  flight_count: 0,
  last_flight_date: '',
});

/** Adds `counted` to a type's entry, but for the last 12 months and the date. */
export function addToTypeEntry(entry: AircraftTypeEntry, counted: Counted): void {
  entry.total_flight_time_minutes += counted.total_flight_time;
  entry.pic_minutes += counted.pic;
  entry.sic_minutes += counted.sic;
  entry.flight_count += counted.flights;
}

/** Most flight time first, then type designator in byte order. */
export const typeEntryOrder = (a: AircraftTypeEntry, b: AircraftTypeEntry): number =>
  b.total_flight_time_minutes - a.total_flight_time_minutes ||
  byteOrder(a.type_designator, b.type_designator);

/** One entry per type designator, most flight time first, then designator in byte order. */
export function byAircraftType(records: readonly CountedRecord[], asOf: string): AircraftTypeEntry[] {
  const last12Months = monthsEndingOn(asOf, 12);
  const entries = new Map<string, AircraftTypeEntry>();
  for (const record of flightsOf(records)) {
    const designator = record.type_designator;
    if (designator === null) continue;
    const entry = entries.get(designator) ?? zeroTypeEntry(designator);
    addToTypeEntry(entry, countedOf(record));
    if (isWithin(record.date, last12Months)) entry.last_12_months_minutes += record.minutes.total_flight_time;
    const date = `${record.date}T00:00:00.000Z`;
    if (date > entry.last_flight_date) entry.last_flight_date = date;
    entries.set(designator, entry);
  }
  return [...entries.values()].sort(typeEntryOrder);
}

const zeroEngineEntry = (): EngineEntry => ({
  total_flight_time_minutes: 0,
  pic_minutes: 0,
  sic_minutes: 0,
  multi_engine_minutes: 0,
  flight_count: 0,
});

/** Every engine key, always present; `turbine` is turboprop + turbojet + turboshaft. */
export function engineEntries(
  flights: Iterable<{ engine: CountedEngine; counted: Counted }>,
): Record<EngineKey, EngineEntry> {
  const entries = Object.fromEntries(ENGINE_KEYS.map((key) => [key, zeroEngineEntry()])) as Record<
    EngineKey,
    EngineEntry
  >;
  for (const { engine, counted } of flights) {
    const keys: EngineKey[] = TURBINES.has(engine) ? [engine, 'turbine'] : [engine];
    for (const key of keys) {
      const entry = entries[key] as EngineEntry | undefined;
      if (entry === undefined) continue; // an engine outside the list: validation keeps it out
      entry.total_flight_time_minutes += counted.total_flight_time;
      entry.pic_minutes += counted.pic;
      entry.sic_minutes += counted.sic;
      entry.multi_engine_minutes += counted.multi_engine;
      entry.flight_count += counted.flights;
    }
  }
  return entries;
}

/** Every feature, always present, over the flights that have it. */
export function featureEntries(
  flights: Iterable<{ features: Iterable<AircraftFeature>; counted: Counted }>,
): Record<AircraftFeature, FeatureEntry> {
  const entries = Object.fromEntries(
    AIRCRAFT_FEATURES.map((feature) => [
      feature,
      { total_flight_time_minutes: 0, pic_minutes: 0, flight_count: 0 },
    ]),
  ) as Record<AircraftFeature, FeatureEntry>;
  for (const { features, counted } of flights) {
    for (const feature of features) {
      const entry = entries[feature] as FeatureEntry | undefined;
      if (entry === undefined) continue;
      entry.total_flight_time_minutes += counted.total_flight_time;
      entry.pic_minutes += counted.pic;
      entry.flight_count += counted.flights;
    }
  }
  return entries;
}

/** Every engine key, always present, over the flights of `records`. */
export const byEngine = (records: readonly CountedRecord[]): Record<EngineKey, EngineEntry> =>
  engineEntries(flightsOf(records).map((record) => ({ engine: record.engine, counted: countedOf(record) })));

/** Every feature, always present, over the flights of `records` that have it. */
export const byFeature = (records: readonly CountedRecord[]): Record<AircraftFeature, FeatureEntry> =>
  featureEntries(
    flightsOf(records).map((record) => ({ features: record.features, counted: countedOf(record) })),
  );
