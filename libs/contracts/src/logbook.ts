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

/** `aircraft.engine`: what drives the aircraft (turbofans are `turbojet`). */
export const ENGINE_KINDS = ['piston', 'turboprop', 'turbojet', 'turboshaft', 'electric'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

/** `aircraft.features`, in the order a record stores them (a set: each at most once). */
export const AIRCRAFT_FEATURES = [
  'complex',
  'high_performance',
  'tailwheel',
  'retractable_gear',
  'pressurized',
  'taa',
] as const;
export type AircraftFeature = (typeof AIRCRAFT_FEATURES)[number];

/** An ICAO aircraft type designator (Doc 8643): 2 to 4 upper-case letters or digits, a letter first. */
export const TYPE_DESIGNATOR_PATTERN = '^[A-Z][A-Z0-9]{1,3}$';

export interface FlightAircraft {
  category: AircraftCategory;
  rating_key?: string;
  registration?: string;
  type_designator?: string;
  engine?: EngineKind;
  /** In the order of AIRCRAFT_FEATURES, each at most once. */
  features?: AircraftFeature[];
}

/**
 * A flight as stored: every minutes field and both landings present (missing ones were recorded as 0);
 * the other optional fields stay out when they were not sent (records made before they existed lack them).
 */
export interface Flight {
  flight_id: string;
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  kind: FlightKind;
  aircraft: FlightAircraft;
  departure?: string;
  arrival?: string;
  minutes: FlightMinutes;
  /** Absent: as many day and night takeoffs as landings. */
  takeoffs?: { day: number; night: number };
  /** The full stops are at most the landings of their time of day; absent: 0. */
  landings: { day: number; night: number; day_full_stop?: number; night_full_stop?: number };
  /** Instrument approaches flown; absent: 0. */
  approaches?: number;
  /** Holding procedures flown; absent: 0. */
  holds?: number;
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
