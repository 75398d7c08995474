import {
  AIRCRAFT_FEATURES,
  FLIGHT_MINUTE_FIELDS,
  TYPE_DESIGNATOR_PATTERN,
  type AircraftFeature,
  type Flight,
} from '@pft/contracts';
import { type ErrorDetail } from '../api/client';
import { inHoursMinutes } from '../api/shown-error';
import { hoursMinutes, parseTime, todayUtc } from '../format';

/** The form's fields as typed; a feature's field is `feature_<key>`, `'on'` when ticked. */
export type Values = Record<string, string>;

export const featureField = (feature: AircraftFeature): string => `feature_${feature}`;

const TYPE_DESIGNATOR = new RegExp(TYPE_DESIGNATOR_PATTERN);
const COUNT = /^\d{1,2}$/;

/** What the form shows: a new flight's defaults, or a stored flight's values (absent fields empty). */
export function valuesOf(flight: Flight | undefined): Values {
  if (!flight) {
    return {
      date: todayUtc(),
      kind: 'flight',
      category: 'airplane',
      rating_key: 'sep_land',
      day: '0',
      night_landings: '0',
    };
  }
  const counted = (n: number | undefined) => (n === undefined ? '' : String(n));
  const values: Values = {
    date: flight.date,
    kind: flight.kind,
    category: flight.aircraft.category,
    rating_key: flight.aircraft.rating_key ?? '',
    registration: flight.aircraft.registration ?? '',
    type_designator: flight.aircraft.type_designator ?? '',
    engine: flight.aircraft.engine ?? '',
    departure: flight.departure ?? '',
    arrival: flight.arrival ?? '',
    day_takeoffs: counted(flight.takeoffs?.day),
    night_takeoffs: counted(flight.takeoffs?.night),
    day: String(flight.landings.day),
    night_landings: String(flight.landings.night),
    day_full_stop: counted(flight.landings.day_full_stop),
    night_full_stop: counted(flight.landings.night_full_stop),
    approaches: counted(flight.approaches),
    holds: counted(flight.holds),
    remarks: flight.remarks ?? '',
  };
  for (const f of FLIGHT_MINUTE_FIELDS)
    values[`m_${f}`] = flight.minutes[f] ? hoursMinutes(flight.minutes[f]) : '';
  for (const f of flight.aircraft.features ?? []) values[featureField(f)] = 'on';
  return values;
}

const PATHS: Record<string, string> = {
  minutes: 'm_total_flight_time',
  'landings.day': 'day',
  'landings.night': 'night_landings',
  'landings.day_full_stop': 'day_full_stop',
  'landings.night_full_stop': 'night_full_stop',
  takeoffs: 'day_takeoffs',
  'takeoffs.day': 'day_takeoffs',
  'takeoffs.night': 'night_takeoffs',
};

/** The form field an API error's JSON path concerns (`minutes.pic` is the PIC field). */
function fieldOf(path: string): string {
  const known = PATHS[path];
  if (known) return known;
  if (path.startsWith('minutes.')) return `m_${path.slice('minutes.'.length)}`;
  if (path.startsWith('aircraft.features')) return 'features';
  if (path.startsWith('aircraft.')) return path.slice('aircraft.'.length);
  return path;
}

/** The fields an error can be shown beside (`features` is the group of feature checkboxes). */
const FORM_FIELDS = new Set([
  'date',
  'kind',
  'category',
  'rating_key',
  'registration',
  'type_designator',
  'engine',
  'features',
  'departure',
  'arrival',
  'day_takeoffs',
  'night_takeoffs',
  'day',
  'night_landings',
  'day_full_stop',
  'night_full_stop',
  'approaches',
  'holds',
  'remarks',
  ...FLIGHT_MINUTE_FIELDS.map((f) => `m_${f}`),
]);

/** The fields of a flight's form only: a simulator session's form does not show them. */
export const FLIGHT_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'engine',
  'features',
  'day_takeoffs',
  'night_takeoffs',
  'day_full_stop',
  'night_full_stop',
]);

/**
 * The field of the form as `values` show it that an API error's JSON path concerns; undefined for a
 * path the form does not show (such as a flight-only field on a simulator session's form).
 */
export function shownFieldOf(path: string, values: Values): string | undefined {
  const field = fieldOf(path);
  if (!FORM_FIELDS.has(field)) return undefined;
  return values.kind === 'simulator' && FLIGHT_ONLY_FIELDS.has(field) ? undefined : field;
}

/** What the form says beside a field of an API error's detail: a time's bounds as its field is typed. */
export const flightFieldWords = (detail: ErrorDetail, field: string): string =>
  field.startsWith('m_') ? inHoursMinutes(detail) : detail.message;

export type FlightBody = Record<string, unknown>;

/**
 * The flight body of the form's values, or the errors to show beside their fields. An empty field
 * stays out of the body (the landings are 0 when empty, as before richer records); a simulator
 * session sends none of engine, features, takeoffs and full stops.
 */
export function flightBodyOf(
  values: Values,
  flightId: string,
): { body: FlightBody; errors?: never } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = (name: string) => (values[name] ?? '').trim();
  /** A count of 0 to 99, undefined when the field is empty or wrong (wrong: with its error). */
  const count = (name: string): number | undefined => {
    if (text(name) === '') return undefined;
    if (COUNT.test(text(name))) return Number(text(name));
    errors[name] = 'Enter a whole number from 0 to 99';
    return undefined;
  };

  const minutes: Record<string, number> = {};
  for (const f of FLIGHT_MINUTE_FIELDS) {
    const parsed = parseTime(values[`m_${f}`] ?? '');
    if (parsed === null) errors[`m_${f}`] = 'Enter hours:minutes (1:35) or minutes (95)';
    else if (parsed > 0) minutes[f] = parsed;
  }
  const day = count('day') ?? 0;
  const night = count('night_landings') ?? 0;
  const simulator = values.kind === 'simulator';
  const category = values.category ?? 'airplane';

  const designator = text('type_designator').toUpperCase();
  if (designator !== '' && !TYPE_DESIGNATOR.test(designator))
    errors.type_designator = '2 to 4 letters or digits, a letter first (C172, PA28)';
  const aircraft: Record<string, unknown> = {
    category,
    ...(category === 'airplane' && values.rating_key ? { rating_key: values.rating_key } : {}),
    ...(values.registration ? { registration: values.registration } : {}),
    ...(designator ? { type_designator: designator } : {}),
  };
  const landings: Record<string, number> = { day, night };
  const experience: Record<string, unknown> = {};
  if (!simulator) {
    if (values.engine) aircraft.engine = values.engine;
    const features = AIRCRAFT_FEATURES.filter((f) => values[featureField(f)] === 'on');
    if (features.length > 0) aircraft.features = features;

    const takeoffs = { day: count('day_takeoffs'), night: count('night_takeoffs') };
    if (takeoffs.day !== undefined && takeoffs.night !== undefined) experience.takeoffs = takeoffs;
    else if (text('day_takeoffs') === '' && text('night_takeoffs') !== '')
      errors.day_takeoffs = 'Enter the day takeoffs too, or leave both takeoffs empty';
    else if (text('night_takeoffs') === '' && text('day_takeoffs') !== '')
      errors.night_takeoffs = 'Enter the night takeoffs too, or leave both takeoffs empty';

    for (const [field, of, landingsField, period] of [
      ['day_full_stop', day, 'day', 'day'],
      ['night_full_stop', night, 'night_landings', 'night'],
    ] as const) {
      const fullStops = count(field);
      if (fullStops !== undefined && !errors[landingsField] && fullStops > of)
        errors[field] = `At most the ${period} landings (${of})`;
      else if (fullStops !== undefined) landings[field] = fullStops;
    }
  }
  for (const field of ['approaches', 'holds']) {
    const n = count(field);
    if (n !== undefined) experience[field] = n;
  }
  if (Object.keys(errors).length > 0) return { errors };

  return {
    body: {
      flight_id: flightId,
      date: values.date,
      kind: values.kind,
      aircraft,
      ...(values.departure ? { departure: values.departure } : {}),
      ...(values.arrival ? { arrival: values.arrival } : {}),
      minutes,
      landings,
      ...experience,
      ...(values.remarks ? { remarks: values.remarks } : {}),
    },
  };
}
