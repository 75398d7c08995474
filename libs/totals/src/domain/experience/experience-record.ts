import {
  FLIGHT_MINUTE_FIELDS,
  type AircraftCategory,
  type AircraftFeature,
  type EngineKind,
  type FlightKind,
  type FlightMinutes,
} from '@pft/contracts';
import { countedEngineOf, experienceFactsOf, type FlightFacts } from '../flight-contribution';

/**
 * What an engine is counted as: a record without one is `piston` or `unknown` (`engineOf`). The
 * engines and features themselves are the event's vocabulary: ENGINE_KINDS and AIRCRAFT_FEATURES.
 */
export type CountedEngine = EngineKind | 'unknown';

/**
 * What the experience rules read of a current record (a flight or a simulator session), in the
 * shape of the flight body: the optional fields of `pilot-experience.md` 1 may be absent, and
 * `countedRecordOf` gives them their defaults.
 */
export interface ExperienceRecord {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  kind: FlightKind;
  aircraft: {
    category: AircraftCategory;
    rating_key?: string;
    type_designator?: string;
    engine?: EngineKind;
    features?: readonly AircraftFeature[];
  };
  minutes: FlightMinutes;
  landings: { day: number; night: number; day_full_stop?: number; night_full_stop?: number };
  takeoffs?: { day: number; night: number };
  approaches?: number;
  holds?: number;
}

/** A record with every default applied: what is counted. */
export interface CountedRecord {
  date: string;
  kind: FlightKind;
  category: AircraftCategory;
  rating_key: string | null;
  type_designator: string | null;
  engine: CountedEngine;
  features: ReadonlySet<AircraftFeature>;
  minutes: FlightMinutes;
  takeoffs_day: number;
  takeoffs_night: number;
  landings_day: number;
  landings_night: number;
  landings_day_full_stop: number;
  landings_night_full_stop: number;
  approaches: number;
  holds: number;
  /** What the record adds to the totals fields (`logbook-rules.md`), for `addFlight`. */
  facts: FlightFacts;
}

/** The engine a record counts under: as sent, else `piston` for the piston class ratings, else `unknown`. */
export const engineOf = (record: ExperienceRecord): CountedEngine => countedEngineOf(record.aircraft);

/**
 * The record as counted, defaults applied (`pilot-experience.md` 1): takeoffs as many as the
 * landings when absent, full-stop landings, approaches and holds 0, features none. A simulator
 * session has no takeoffs or landings: as in the totals, one that slipped through with some does
 * not count them as flying.
 */
export function countedRecordOf(record: ExperienceRecord): CountedRecord {
  const { aircraft, landings } = record;
  const flying = record.kind === 'flight';
  const experience = experienceFactsOf(record);
  return {
    date: record.date,
    kind: record.kind,
    category: aircraft.category,
    rating_key: aircraft.rating_key ?? null,
    type_designator: experience.type_designator,
    engine: experience.engine,
    features: new Set(experience.features),
    minutes: record.minutes,
    takeoffs_day: experience.takeoffs_day,
    takeoffs_night: experience.takeoffs_night,
    landings_day: flying ? landings.day : 0,
    landings_night: flying ? landings.night : 0,
    landings_day_full_stop: experience.landings_day_full_stop,
    landings_night_full_stop: experience.landings_night_full_stop,
    approaches: experience.approaches,
    holds: experience.holds,
    facts: {
      date: record.date,
      kind: record.kind,
      category: aircraft.category,
      rating_key: aircraft.rating_key ?? null,
      minutes: FLIGHT_MINUTE_FIELDS.map((field) => record.minutes[field]),
      landings_day: landings.day,
      landings_night: landings.night,
      experience,
    },
  };
}
