import {
  AIRCRAFT_CATEGORIES,
  FLIGHT_KINDS,
  FLIGHT_MINUTE_FIELDS,
  type Flight,
  type FlightMinutes,
} from '@pft/contracts';
import { isAirplaneRatingKey } from '../ratings/rating-catalog';
import { BodyReader } from '../body-reader';
import { at, type Parsed, type ValidationIssue } from '../validation-issue';
import { isCalendarDate, addDays } from './calendar-date';
import {
  AIRCRAFT_EXPERIENCE_FIELDS,
  experienceIssues,
  FLIGHT_EXPERIENCE_FIELDS,
  FULL_STOP_FIELDS,
  readAircraftExperience,
  readFlightExperience,
  readFullStops,
} from './flight-experience.rules';
import { isUuid } from '@pft/contracts/uuid';

/** The first powered flight: no logbook entry can be older. */
export const EARLIEST_FLIGHT_DATE = '1903-12-17';
export const MAX_FLIGHT_MINUTES = 1440;
export const MAX_LANDINGS = 99;
export const MAX_REMARKS_LENGTH = 500;
export const MAX_REGISTRATION_LENGTH = 10;

const AIRPORT = /^[A-Za-z0-9]{3,4}$/;
const FLIGHT_FIELDS = [
  'flight_id',
  'date',
  'kind',
  'aircraft',
  'departure',
  'arrival',
  'minutes',
  'landings',
  ...FLIGHT_EXPERIENCE_FIELDS,
  'remarks',
] as const;

/**
 * Checks a flight as the pilot app sent it and returns it in its stored form (every minutes field and
 * both landings present, the id in lower case, the aircraft's features in their order; every other
 * optional field as sent, or left out), or every problem found, each at its JSON path under `path`.
 * `today` (`YYYY-MM-DD`, UTC) comes from the caller: the latest date allowed is the day after it.
 */
export function parseFlight(input: unknown, today: string, path = ''): Parsed<Flight> {
  const issues: ValidationIssue[] = [];
  const body = BodyReader.object(issues, path, input);
  if (!body) return { ok: false, issues };
  body.onlyKnown(FLIGHT_FIELDS);

  const flightId = body.string('flight_id', { required: true });
  if (flightId !== undefined && !isUuid(flightId))
    body.problem('flight_id', 'invalid_format', 'must be a UUID');
  const date = readDate(body, today);
  const kind = body.oneOf('kind', FLIGHT_KINDS);
  const aircraft = readAircraft(body, kind);
  const departure = body.string('departure', { pattern: AIRPORT });
  const arrival = body.string('arrival', { pattern: AIRPORT });
  const remarks = body.string('remarks', { maxLength: MAX_REMARKS_LENGTH });
  const minutes = readMinutes(body);
  const landings = readLandings(body);
  const experience = readFlightExperience(body);

  // The rules between fields need only the times and what was flown: checked whenever those read
  // well, so a body with a bad remark and too much PIC time hears of both at once.
  const times = kind && aircraft && minutes && landings ? { kind, aircraft, minutes, landings } : undefined;
  if (times) {
    const ruleIssues = kind === 'flight' ? flightTimeIssues(times) : simulatorIssues(times);
    ruleIssues.push(...experienceIssues({ ...times, ...experience }));
    issues.push(...ruleIssues.map((i) => ({ ...i, field: at(path, i.field) })));
  }
  if (issues.length > 0 || !flightId || !date || !times) return { ok: false, issues };
  const flight: Flight = { flight_id: flightId.toLowerCase(), date, ...times, ...experience };
  if (departure !== undefined) flight.departure = departure;
  if (arrival !== undefined) flight.arrival = arrival;
  if (remarks !== undefined) flight.remarks = remarks;
  return { ok: true, value: flight };
}

/** What the rules between fields look at. */
type FlightTimes = Pick<Flight, 'kind' | 'aircraft' | 'minutes' | 'landings'>;

/** The day after `today`, for the last `today` asked: an import asks it for each of up to a thousand flights. */
let latestFor: { today: string; latest: string } | undefined;

function latestFlightDate(today: string): string {
  if (latestFor?.today !== today) latestFor = { today, latest: addDays(today, 1) };
  return latestFor.latest;
}

function readDate(body: BodyReader, today: string): string | undefined {
  const date = body.string('date', { required: true });
  if (date === undefined) return undefined;
  if (!isCalendarDate(date)) {
    body.problem('date', 'invalid_format', 'must be a calendar date YYYY-MM-DD');
    return undefined;
  }
  const latest = latestFlightDate(today);
  if (date < EARLIEST_FLIGHT_DATE || date > latest) {
    body.problem('date', 'out_of_range', `must be from ${EARLIEST_FLIGHT_DATE} to ${latest}`);
    return undefined;
  }
  return date;
}

function readAircraft(body: BodyReader, kind: Flight['kind'] | undefined): Flight['aircraft'] | undefined {
  const aircraft = body.object('aircraft', true);
  if (!aircraft) return undefined;
  aircraft.onlyKnown(['category', 'rating_key', 'registration', ...AIRCRAFT_EXPERIENCE_FIELDS]);
  const category = aircraft.oneOf('category', AIRCRAFT_CATEGORIES);
  const ratingKey = aircraft.string('rating_key');
  const registration = aircraft.string('registration', { maxLength: MAX_REGISTRATION_LENGTH });
  const experience = readAircraftExperience(aircraft);
  if (category === 'airplane') {
    if (ratingKey === undefined && kind === 'flight' && !aircraft.has('rating_key')) {
      aircraft.problem('rating_key', 'required', 'is required for an airplane flight');
    }
    if (ratingKey !== undefined && !isAirplaneRatingKey(ratingKey)) {
      aircraft.problem('rating_key', 'unknown_rating', 'is not a key of the rating catalog');
    }
  } else if (category !== undefined && aircraft.has('rating_key')) {
    aircraft.problem('rating_key', 'not_allowed', `must be absent for category ${category}`);
  }
  if (!category) return undefined;
  const result: Flight['aircraft'] = { category };
  if (ratingKey !== undefined && category === 'airplane') result.rating_key = ratingKey;
  if (registration !== undefined) result.registration = registration;
  return { ...result, ...experience };
}

function readMinutes(body: BodyReader): FlightMinutes | undefined {
  const minutes = body.object('minutes', true);
  if (!minutes) return undefined;
  minutes.onlyKnown(FLIGHT_MINUTE_FIELDS);
  const result = {} as FlightMinutes;
  let complete = true;
  for (const field of FLIGHT_MINUTE_FIELDS) {
    const value = minutes.has(field) ? minutes.integer(field, 0, MAX_FLIGHT_MINUTES) : 0;
    if (value === undefined) complete = false;
    else result[field] = value;
  }
  return complete ? result : undefined;
}

function readLandings(body: BodyReader): Flight['landings'] | undefined {
  if (!body.has('landings')) return { day: 0, night: 0 };
  const landings = body.object('landings', false);
  if (!landings) return undefined;
  landings.onlyKnown(['day', 'night', ...FULL_STOP_FIELDS]);
  const day = landings.has('day') ? landings.integer('day', 0, MAX_LANDINGS) : 0;
  const night = landings.has('night') ? landings.integer('night', 0, MAX_LANDINGS) : 0;
  const fullStops = readFullStops(landings, MAX_LANDINGS);
  return day === undefined || night === undefined ? undefined : { day, night, ...fullStops };
}

/**
 * The rules between the minutes of a real flight: no part exceeds the whole. Dual received is not in
 * the PIC and SIC sum: under 14 CFR 61.51(e) a rated pilot who is sole manipulator logs PIC while
 * receiving instruction, so the same minutes are both; dual alone is at most the total, as every field.
 */
function flightTimeIssues(flight: FlightTimes): ValidationIssue[] {
  const m = flight.minutes;
  const total = m.total_flight_time;
  const issues: ValidationIssue[] = [];
  if (m.simulator !== 0) {
    issues.push({ field: 'minutes.simulator', issue: 'must_be_zero', message: 'must be 0 for a flight' });
  }
  for (const field of FLIGHT_MINUTE_FIELDS) {
    if (field !== 'total_flight_time' && field !== 'simulator' && m[field] > total) {
      issues.push({
        field: `minutes.${field}`,
        issue: 'exceeds_total',
        message: 'must be at most total_flight_time',
      });
    }
  }
  const sums: [string, number][] = [
    ['pic + sic', m.pic + m.sic],
    ['single_engine + multi_engine', m.single_engine + m.multi_engine],
    ['actual_instrument + simulated_instrument', m.actual_instrument + m.simulated_instrument],
  ];
  for (const [what, sum] of sums) {
    if (sum > total) {
      issues.push({
        field: 'minutes',
        issue: 'sum_exceeds_total',
        message: `${what} must be at most total_flight_time`,
      });
    }
  }
  return issues;
}

/** A simulator session logs simulator time and nothing else. */
function simulatorIssues(flight: FlightTimes): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (flight.minutes.simulator === 0) {
    issues.push({
      field: 'minutes.simulator',
      issue: 'out_of_range',
      message: 'must be above 0 for a simulator session',
    });
  }
  for (const field of FLIGHT_MINUTE_FIELDS) {
    if (field !== 'simulator' && flight.minutes[field] !== 0) {
      issues.push({
        field: `minutes.${field}`,
        issue: 'must_be_zero',
        message: 'must be 0 for a simulator session',
      });
    }
  }
  for (const field of ['day', 'night'] as const) {
    if (flight.landings[field] !== 0) {
      issues.push({
        field: `landings.${field}`,
        issue: 'must_be_zero',
        message: 'must be 0 for a simulator session',
      });
    }
  }
  return issues;
}
