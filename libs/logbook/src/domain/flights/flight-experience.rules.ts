import {
  AIRCRAFT_FEATURES,
  ENGINE_KINDS,
  TYPE_DESIGNATOR_PATTERN,
  type AircraftFeature,
  type Flight,
  type FlightAircraft,
} from '@pft/contracts';
import { type BodyReader } from '../body-reader';
import { type ValidationIssue } from '../validation-issue';

/**
 * The optional fields of a flight that experience and currency count: the aircraft's type
 * designator, engine and features, takeoffs, full-stop landings, approaches and holds. Each is
 * stored as sent and stays out when left out (what an absent one counts as is the counting's
 * business); only `features` is put in order, as it is a set.
 */

export const MAX_TAKEOFFS = 99;
export const MAX_APPROACHES = 99;
export const MAX_HOLDS = 99;

export const AIRCRAFT_EXPERIENCE_FIELDS = ['type_designator', 'engine', 'features'] as const;
export const FLIGHT_EXPERIENCE_FIELDS = ['takeoffs', 'approaches', 'holds'] as const;
export const FULL_STOP_FIELDS = ['day_full_stop', 'night_full_stop'] as const;

const TYPE_DESIGNATOR = new RegExp(TYPE_DESIGNATOR_PATTERN);

type AircraftExperience = Pick<FlightAircraft, (typeof AIRCRAFT_EXPERIENCE_FIELDS)[number]>;
type FlightExperience = Pick<Flight, (typeof FLIGHT_EXPERIENCE_FIELDS)[number]>;
type FullStops = Pick<Flight['landings'], (typeof FULL_STOP_FIELDS)[number]>;

/** `aircraft.type_designator`, `engine` and `features` as sent (features in their stored order). */
export function readAircraftExperience(aircraft: BodyReader): AircraftExperience {
  const result: AircraftExperience = {};
  const designator = aircraft.string('type_designator');
  if (designator !== undefined) {
    if (TYPE_DESIGNATOR.test(designator)) result.type_designator = designator;
    else {
      aircraft.problem(
        'type_designator',
        'invalid_format',
        'must be an ICAO type designator: 2 to 4 upper-case letters or digits, a letter first',
      );
    }
  }
  const engine = aircraft.oneOf('engine', ENGINE_KINDS, false);
  if (engine !== undefined) result.engine = engine;
  const features = readFeatures(aircraft);
  if (features !== undefined) result.features = features;
  return result;
}

/** A set of features: each known and at most once, stored in the order of AIRCRAFT_FEATURES. */
function readFeatures(aircraft: BodyReader): AircraftFeature[] | undefined {
  const value = aircraft.raw('features');
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    aircraft.problem('features', 'wrong_type', 'must be an array of features');
    return undefined;
  }
  const seen = new Set<AircraftFeature>();
  let complete = true;
  value.forEach((item: unknown, i) => {
    const key = `features[${i}]`;
    if (typeof item !== 'string' || !(AIRCRAFT_FEATURES as readonly string[]).includes(item)) {
      aircraft.problem(key, 'invalid_value', `must be one of ${AIRCRAFT_FEATURES.join(', ')}`);
      complete = false;
    } else if (seen.has(item as AircraftFeature)) {
      aircraft.problem(key, 'duplicate', `lists ${item} again: each feature at most once`);
      complete = false;
    } else seen.add(item as AircraftFeature);
  });
  return complete ? AIRCRAFT_FEATURES.filter((f) => seen.has(f)) : undefined;
}

/** `takeoffs` (both times of day required when sent), `approaches` and `holds`, as sent. */
export function readFlightExperience(body: BodyReader): FlightExperience {
  const result: FlightExperience = {};
  const takeoffs = body.object('takeoffs', false);
  if (takeoffs) {
    takeoffs.onlyKnown(['day', 'night']);
    const day = takeoffs.integer('day', 0, MAX_TAKEOFFS, true);
    const night = takeoffs.integer('night', 0, MAX_TAKEOFFS, true);
    if (day !== undefined && night !== undefined) result.takeoffs = { day, night };
  }
  const approaches = body.integer('approaches', 0, MAX_APPROACHES);
  if (approaches !== undefined) result.approaches = approaches;
  const holds = body.integer('holds', 0, MAX_HOLDS);
  if (holds !== undefined) result.holds = holds;
  return result;
}

/** `landings.day_full_stop` and `night_full_stop` as sent (`landings` being read by `landings`). */
export function readFullStops(landings: BodyReader, max: number): FullStops {
  const result: FullStops = {};
  for (const field of FULL_STOP_FIELDS) {
    const value = landings.integer(field, 0, max);
    if (value !== undefined) result[field] = value;
  }
  return result;
}

/**
 * The rules between these fields and the rest of the record: a full stop is a landing of its time of
 * day; a simulator session neither takes off nor lands, and has no engine or features of its own.
 * Paths are relative to the flight.
 */
export function experienceIssues(
  flight: Pick<Flight, 'kind' | 'aircraft' | 'landings' | 'takeoffs'>,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { landings } = flight;
  if (flight.kind === 'simulator') {
    const zeroes: [string, number | undefined][] = [
      ['takeoffs.day', flight.takeoffs?.day],
      ['takeoffs.night', flight.takeoffs?.night],
      ['landings.day_full_stop', landings.day_full_stop],
      ['landings.night_full_stop', landings.night_full_stop],
    ];
    for (const [field, value] of zeroes) {
      if (value !== undefined && value !== 0) {
        issues.push({ field, issue: 'must_be_zero', message: 'must be 0 for a simulator session' });
      }
    }
    for (const field of ['engine', 'features'] as const) {
      if (flight.aircraft[field] !== undefined) {
        issues.push({
          field: `aircraft.${field}`,
          issue: 'not_allowed',
          message: 'must be absent for a simulator session',
        });
      }
    }
    return issues;
  }
  for (const [field, of] of [
    ['day_full_stop', 'day'],
    ['night_full_stop', 'night'],
  ] as const) {
    const fullStops = landings[field];
    if (fullStops !== undefined && fullStops > landings[of]) {
      issues.push({
        field: `landings.${field}`,
        issue: 'exceeds_total',
        message: `must be at most landings.${of}`,
      });
    }
  }
  return issues;
}
