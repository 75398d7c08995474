import {
  AIRCRAFT_FEATURES,
  ENTERED_TOTALS_FIELDS,
  FLIGHT_MINUTE_FIELDS,
  type AircraftCategory,
  type AircraftFeature,
  type EngineKind,
  type EnteredTotalsField,
  type Flight,
  type FlightKind,
  type FlightMinuteField,
  type StartingTotals,
} from '@pft/contracts';

/**
 * What of a flight the totals depend on. The projector keeps exactly this per current flight, so
 * an amendment or a deletion can take the flight's earlier contribution back out.
 */
export interface FlightFacts {
  /** `YYYY-MM-DD`. */
  date: string;
  kind: FlightKind;
  category: AircraftCategory;
  rating_key: string | null;
  /** The thirteen minutes fields, in FLIGHT_MINUTE_FIELDS order. */
  minutes: readonly number[];
  landings_day: number;
  landings_night: number;
  /** What the experience counts of the record besides (`pilot-experience.md` 1, defaults applied). */
  experience: ExperienceFacts;
}

/**
 * The fields of `pilot-experience.md` 1 as a record counts them: the engine by default `piston` or
 * `unknown`, takeoffs as many as the landings when absent, the rest 0, features none. A simulator
 * session has no takeoffs or full-stop landings (as it has no landings in the totals).
 */
export interface ExperienceFacts {
  type_designator: string | null;
  engine: EngineKind | 'unknown';
  /** In the order of AIRCRAFT_FEATURES, each once. */
  features: readonly AircraftFeature[];
  takeoffs_day: number;
  takeoffs_night: number;
  landings_day_full_stop: number;
  landings_night_full_stop: number;
  approaches: number;
  holds: number;
}

/** What `experienceFactsOf` reads: a stored flight, or a record in its shape. */
export type ExperienceFields = Pick<Flight, 'kind' | 'takeoffs' | 'approaches' | 'holds'> & {
  aircraft: Pick<Flight['aircraft'], 'rating_key' | 'type_designator' | 'engine'> & {
    features?: readonly AircraftFeature[];
  };
  landings: Flight['landings'];
};

const PISTON_RATING_KEYS: ReadonlySet<string> = new Set([
  'sep_land',
  'sep_sea',
  'mep_land',
  'mep_sea',
  'tmg',
]);

/** The engine a record counts under: as sent, else `piston` for the piston class ratings, else `unknown`. */
export function countedEngineOf(aircraft: ExperienceFields['aircraft']): EngineKind | 'unknown' {
  if (aircraft.engine !== undefined) return aircraft.engine;
  const key = aircraft.rating_key;
  return key !== undefined && PISTON_RATING_KEYS.has(key) ? 'piston' : 'unknown';
}

/** The features of a record that has none: one array for all of them (most records). */
export const NO_FEATURES: readonly AircraftFeature[] = Object.freeze([]);

/** The features as ExperienceFacts keeps them: in the order of AIRCRAFT_FEATURES, each once. */
const featuresOf = (sent: readonly AircraftFeature[] | undefined): readonly AircraftFeature[] =>
  sent === undefined || sent.length === 0
    ? NO_FEATURES
    : AIRCRAFT_FEATURES.filter((feature) => sent.includes(feature));

export function experienceFactsOf(record: ExperienceFields): ExperienceFacts {
  const { aircraft, landings } = record;
  const flying = record.kind === 'flight';
  return {
    type_designator: aircraft.type_designator ?? null,
    engine: countedEngineOf(aircraft),
    features: featuresOf(aircraft.features),
    takeoffs_day: flying ? (record.takeoffs?.day ?? landings.day) : 0,
    takeoffs_night: flying ? (record.takeoffs?.night ?? landings.night) : 0,
    landings_day_full_stop: flying ? (landings.day_full_stop ?? 0) : 0,
    landings_night_full_stop: flying ? (landings.night_full_stop ?? 0) : 0,
    approaches: record.approaches ?? 0,
    holds: record.holds ?? 0,
  };
}

export type EnteredTotals = Record<EnteredTotalsField, number>;

/** Running sums over current flights and the starting totals; `ifr_minutes` is derived on output. */
export interface Sums {
  totals: EnteredTotals;
  total_day: number;
  total_night: number;
  flight_count: number;
  /** May hold zero entries in between; they are left out on output. */
  rating_breakdown: Record<string, number>;
}

const TOTAL_FLIGHT_TIME = FLIGHT_MINUTE_FIELDS.indexOf('total_flight_time');
const SIMULATOR = FLIGHT_MINUTE_FIELDS.indexOf('simulator');

/** `pic` -> `pic_minutes`: the thirteen flight minutes fields are the entered totals fields. */
export const totalsFieldOf = (field: FlightMinuteField): EnteredTotalsField => `${field}_minutes`;
/** `totalsFieldOf` of each minutes field, in FLIGHT_MINUTE_FIELDS order: the fold adds many flights. */
export const TOTALS_FIELD_AT: readonly EnteredTotalsField[] = FLIGHT_MINUTE_FIELDS.map(totalsFieldOf);

/** What decides the rating key a flight's time counts under (countedRatingKey). */
export type RatingFacts = Pick<FlightFacts, 'kind' | 'category' | 'rating_key'>;

export function ratingFactsOf(flight: Flight): RatingFacts {
  return {
    kind: flight.kind,
    category: flight.aircraft.category,
    rating_key: flight.aircraft.rating_key ?? null,
  };
}

export function factsOf(flight: Flight): FlightFacts {
  const rating = ratingFactsOf(flight);
  return {
    date: flight.date,
    kind: rating.kind,
    category: rating.category,
    rating_key: rating.rating_key,
    minutes: FLIGHT_MINUTE_FIELDS.map((f) => flight.minutes[f]),
    landings_day: flight.landings.day,
    landings_night: flight.landings.night,
    experience: experienceFactsOf(flight),
  };
}

const ZERO_TOTALS: Readonly<EnteredTotals> = Object.fromEntries(
  ENTERED_TOTALS_FIELDS.map((f) => [f, 0]),
) as EnteredTotals;

/** Copied from one object made once: an experience read makes some forty (a window, a breakdown entry each). */
export function zeroTotals(): EnteredTotals {
  return { ...ZERO_TOTALS };
}

export function zeroSums(): Sums {
  return { totals: zeroTotals(), total_day: 0, total_night: 0, flight_count: 0, rating_breakdown: {} };
}

/** The rating key a record's flight time counts under, or null when it counts under none. */
export function countedRatingKey(facts: RatingFacts): string | null {
  return facts.kind === 'flight' && facts.category === 'airplane' ? facts.rating_key : null;
}

/**
 * Adds (`sign` 1) or takes back (`sign` -1) one record's contribution, into `sums` in place.
 * A simulator session counts only in `simulator_minutes`: its other fields are 0 by validation,
 * and taking only that one keeps a session that slipped through from counting as flying.
 */
export function addFlight(sums: Sums, facts: FlightFacts, sign: 1 | -1): void {
  if (facts.kind === 'simulator') {
    sums.totals.simulator_minutes += sign * (facts.minutes[SIMULATOR] ?? 0);
    return;
  }
  for (let i = 0; i < TOTALS_FIELD_AT.length; i += 1) {
    sums.totals[TOTALS_FIELD_AT[i]!] += sign * (facts.minutes[i] ?? 0);
  }
  sums.total_day += sign * facts.landings_day;
  sums.total_night += sign * facts.landings_night;
  sums.flight_count += sign;
  const key = countedRatingKey(facts);
  if (key !== null) {
    sums.rating_breakdown[key] =
      (sums.rating_breakdown[key] ?? 0) + sign * (facts.minutes[TOTAL_FLIGHT_TIME] ?? 0);
  }
}

/** Adds or takes back a whole set of starting totals, into `sums` in place. */
export function addStartingTotals(sums: Sums, starting: StartingTotals, sign: 1 | -1): void {
  for (const field of ENTERED_TOTALS_FIELDS) sums.totals[field] += sign * starting.totals[field];
  sums.total_day += sign * starting.landings.total_day;
  sums.total_night += sign * starting.landings.total_night;
  sums.flight_count += sign * starting.flight_count;
  for (const [key, minutes] of Object.entries(starting.rating_breakdown)) {
    sums.rating_breakdown[key] = (sums.rating_breakdown[key] ?? 0) + sign * minutes;
  }
}
