/** The shapes of the pilot app's logbook records, as they travel in events. */

export const FLIGHT_MINUTE_FIELDS = [
  'total_flight_time',
  'pic',
  'sic',
  'dual',
  'instructor',
  'cross_country',
  'night',
  'actual_instrument',
  'simulated_instrument',
  'single_engine',
  'multi_engine',
  'multi_pilot',
  'simulator',
] as const;

export type FlightMinuteField = (typeof FLIGHT_MINUTE_FIELDS)[number];
export type FlightMinutes = Record<FlightMinuteField, number>;

/** Every minutes field at 0: what a flight's absent fields are recorded as. */
export function zeroFlightMinutes(): FlightMinutes {
  return Object.fromEntries(FLIGHT_MINUTE_FIELDS.map((field) => [field, 0])) as FlightMinutes;
}

export const AIRCRAFT_CATEGORIES = ['airplane', 'helicopter', 'sailplane', 'other'] as const;
export type AircraftCategory = (typeof AIRCRAFT_CATEGORIES)[number];

export const FLIGHT_KINDS = ['flight', 'simulator'] as const;
export type FlightKind = (typeof FLIGHT_KINDS)[number];

/** A flight as stored: every minutes field present (missing ones were recorded as 0). */
export interface Flight {
  flight_id: string;
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  kind: FlightKind;
  aircraft: { category: AircraftCategory; rating_key?: string; registration?: string };
  departure?: string;
  arrival?: string;
  minutes: FlightMinutes;
  landings: { day: number; night: number };
  remarks?: string;
}

/** The fourteen totals of the partner API's 2.4.1, as `<field>_minutes`. */
export const TOTALS_FIELDS = [
  'total_flight_time_minutes',
  'pic_minutes',
  'sic_minutes',
  'dual_minutes',
  'instructor_minutes',
  'cross_country_minutes',
  'night_minutes',
  'ifr_minutes',
  'actual_instrument_minutes',
  'simulated_instrument_minutes',
  'single_engine_minutes',
  'multi_engine_minutes',
  'multi_pilot_minutes',
  'simulator_minutes',
] as const;

export type TotalsField = (typeof TOTALS_FIELDS)[number];
export type Totals = Record<TotalsField, number>;

/** The thirteen totals a pilot enters by hand: all but `ifr_minutes`, which is derived. */
export type EnteredTotalsField = Exclude<TotalsField, 'ifr_minutes'>;
export const ENTERED_TOTALS_FIELDS = TOTALS_FIELDS.filter(
  (f): f is EnteredTotalsField => f !== 'ifr_minutes',
);

/** Hours carried over from an earlier logbook, every field filled (absent ones were recorded as 0). */
export interface StartingTotals {
  totals: Record<EnteredTotalsField, number>;
  landings: { total_day: number; total_night: number };
  rating_breakdown: Record<string, number>;
  flight_count: number;
}

/** A pilot's totals: the partner API's 2.4 without `pilot_id` and `last_updated`. */
export interface PilotTotals {
  totals: Totals;
  landings: { total_day: number; total_night: number };
  rating_breakdown: Record<string, number>;
  flight_count: number;
  /** `YYYY-MM-DDT00:00:00.000Z`, or null without flights. */
  last_flight_date: string | null;
}
