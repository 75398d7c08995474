import { type AircraftCategory, type Flight, type FlightKind, type FlightMinutes } from '@pft/contracts';

export const EXPERIENCE_ENGINES = ['piston', 'turboprop', 'turbojet', 'turboshaft', 'electric'] as const;
export type ExperienceEngine = (typeof EXPERIENCE_ENGINES)[number];

export const EXPERIENCE_FEATURES = [
  'complex',
  'high_performance',
  'tailwheel',
  'retractable_gear',
  'pressurized',
  'taa',
] as const;
export type ExperienceFeature = (typeof EXPERIENCE_FEATURES)[number];

/**
 * A current logbook record as pilot-experience.md section 1 shows it, every new field optional.
 * Structural, so a stored flight with or without the new fields fits it.
 */
export interface ExperienceRecord {
  flight_id?: string;
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  kind: FlightKind;
  aircraft: {
    category: AircraftCategory;
    rating_key?: string;
    registration?: string;
    type_designator?: string;
    engine?: ExperienceEngine;
    features?: readonly ExperienceFeature[];
  };
  minutes: FlightMinutes;
  takeoffs?: { day: number; night: number };
  landings: { day: number; night: number; day_full_stop?: number; night_full_stop?: number };
  approaches?: number;
  holds?: number;
}

/** The counts of one record with the section 1 defaults applied (where records are counted). */
export interface RecordCounts {
  takeoffs_day: number;
  takeoffs_night: number;
  landings_day: number;
  landings_night: number;
  landings_day_full_stop: number;
  landings_night_full_stop: number;
  approaches: number;
  holds: number;
}

export function countsOf(record: ExperienceRecord): RecordCounts {
  // Without `takeoffs`, as many day and night takeoffs as day and night landings.
  const takeoffs = record.takeoffs ?? { day: record.landings.day, night: record.landings.night };
  return {
    takeoffs_day: takeoffs.day,
    takeoffs_night: takeoffs.night,
    landings_day: record.landings.day,
    landings_night: record.landings.night,
    landings_day_full_stop: record.landings.day_full_stop ?? 0,
    landings_night_full_stop: record.landings.night_full_stop ?? 0,
    approaches: record.approaches ?? 0,
    holds: record.holds ?? 0,
  };
}

const PISTON_BY_DEFAULT = ['sep_land', 'sep_sea', 'mep_land', 'mep_sea', 'tmg'];

/** The engine a record is counted under: as sent, else piston for the piston class keys, else unknown. */
export function engineOf(record: ExperienceRecord): ExperienceEngine | 'unknown' {
  if (record.aircraft.engine !== undefined) return record.aircraft.engine;
  const key = record.aircraft.rating_key;
  return key !== undefined && PISTON_BY_DEFAULT.includes(key) ? 'piston' : 'unknown';
}

export function hasFeature(record: ExperienceRecord, feature: ExperienceFeature): boolean {
  return (record.aircraft.features ?? []).includes(feature);
}

/** The record as the totals oracle reads it: only the fields logbook-rules.md uses. */
export function asTotalsFlight(record: ExperienceRecord, index: number): Flight {
  const aircraft: Flight['aircraft'] = { category: record.aircraft.category };
  if (record.aircraft.rating_key !== undefined) aircraft.rating_key = record.aircraft.rating_key;
  return {
    flight_id: record.flight_id ?? `record-${index}`,
    date: record.date,
    kind: record.kind,
    aircraft,
    minutes: record.minutes,
    landings: { day: record.landings.day, night: record.landings.night },
  };
}
