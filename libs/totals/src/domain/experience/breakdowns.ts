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

const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One entry per type designator, most flight time first, then designator in byte order. */
export function byAircraftType(records: readonly CountedRecord[], asOf: string): AircraftTypeEntry[] {
  const last12Months = monthsEndingOn(asOf, 12);
  const entries = new Map<string, AircraftTypeEntry>();
  for (const record of flightsOf(records)) {
    const designator = record.type_designator;
    if (designator === null) continue;
    const { minutes } = record;
    const entry = entries.get(designator) ?? {
      type_designator: designator,
      total_flight_time_minutes: 0,
      pic_minutes: 0,
      sic_minutes: 0,
      last_12_months_minutes: 0,
      flight_count: 0,
      last_flight_date: '',
    };
    entry.total_flight_time_minutes += minutes.total_flight_time;
    entry.pic_minutes += minutes.pic;
    entry.sic_minutes += minutes.sic;
    if (isWithin(record.date, last12Months)) entry.last_12_months_minutes += minutes.total_flight_time;
    entry.flight_count += 1;
    const date = `${record.date}T00:00:00.000Z`;
    if (date > entry.last_flight_date) entry.last_flight_date = date;
    entries.set(designator, entry);
  }
  return [...entries.values()].sort(
    (a, b) =>
      b.total_flight_time_minutes - a.total_flight_time_minutes ||
      byteOrder(a.type_designator, b.type_designator),
  );
}

const zeroEngineEntry = (): EngineEntry => ({
  total_flight_time_minutes: 0,
  pic_minutes: 0,
  sic_minutes: 0,
  multi_engine_minutes: 0,
  flight_count: 0,
});

/** Every engine key with nothing counted yet: the breakdowns list them all. */
export const emptyEngineEntries = (): Record<EngineKey, EngineEntry> =>
  Object.fromEntries(ENGINE_KEYS.map((key) => [key, zeroEngineEntry()])) as Record<EngineKey, EngineEntry>;

/** Every feature with nothing counted yet. */
export const emptyFeatureEntries = (): Record<AircraftFeature, FeatureEntry> =>
  Object.fromEntries(
    AIRCRAFT_FEATURES.map((feature) => [
      feature,
      { total_flight_time_minutes: 0, pic_minutes: 0, flight_count: 0 },
    ]),
  ) as Record<AircraftFeature, FeatureEntry>;

function addToEngineEntry(entry: EngineEntry, record: CountedRecord): void {
  entry.total_flight_time_minutes += record.minutes.total_flight_time;
  entry.pic_minutes += record.minutes.pic;
  entry.sic_minutes += record.minutes.sic;
  entry.multi_engine_minutes += record.minutes.multi_engine;
  entry.flight_count += 1;
}

/** Every engine key, always present; `turbine` is turboprop + turbojet + turboshaft. */
export function byEngine(records: readonly CountedRecord[]): Record<EngineKey, EngineEntry> {
  const entries = emptyEngineEntries();
  for (const record of flightsOf(records)) {
    const entry = entries[record.engine] as EngineEntry | undefined;
    if (entry === undefined) continue; // an engine outside the list: validation keeps it out
    addToEngineEntry(entry, record);
    if (TURBINES.has(record.engine)) addToEngineEntry(entries.turbine, record);
  }
  return entries;
}

/** Every feature, always present, over the flights that have it. */
export function byFeature(records: readonly CountedRecord[]): Record<AircraftFeature, FeatureEntry> {
  const entries = emptyFeatureEntries();
  for (const record of flightsOf(records)) {
    for (const feature of record.features) {
      const entry = entries[feature] as FeatureEntry | undefined;
      if (entry === undefined) continue;
      entry.total_flight_time_minutes += record.minutes.total_flight_time;
      entry.pic_minutes += record.minutes.pic;
      entry.flight_count += 1;
    }
  }
  return entries;
}
