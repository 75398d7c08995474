import { type AircraftCategory, type AircraftFeature, type EngineKind } from '@pft/contracts';

/** An airplane class as files name it: engines and surface (TMG apart). */
export type AirplaneClass = { engines: 'single' | 'multi'; surface: 'land' | 'sea' } | 'tmg';

/** What a file says of one aircraft, in our words, before any rating is proposed. */
export interface AircraftFacts {
  source: string;
  make_model?: string;
  type_designator?: string;
  category?: AircraftCategory;
  airplaneClass?: AirplaneClass;
  /** A class rating the file names outright (ForeFlight's `Category/Class (EASA)`). */
  classRatingKey?: string;
  engine?: EngineKind;
  /**
   * The file's class says turbine without naming the engine (EASA's multi-engine turbine classes): no
   * class rating is guessed from it.
   */
  turbineClass?: boolean;
  /** True when the file names the engine (`Non-Powered` included); false when it says nothing. */
  engineNamed: boolean;
  features: AircraftFeature[];
  /** A flight simulator or training device: its rows are simulator sessions. */
  simulatorDevice: boolean;
}

const norm = (s: string): string =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s/-]+/g, '_');

const SINGLE_LAND: AirplaneClass = { engines: 'single', surface: 'land' };
const MULTI_LAND: AirplaneClass = { engines: 'multi', surface: 'land' };
const SINGLE_SEA: AirplaneClass = { engines: 'single', surface: 'sea' };
const MULTI_SEA: AirplaneClass = { engines: 'multi', surface: 'sea' };

/** Airplane classes by the names files give them (ForeFlight, MyFlightbook, EASA words). */
const AIRPLANE_CLASSES: Record<string, AirplaneClass> = {
  asel: SINGLE_LAND,
  amel: MULTI_LAND,
  ases: SINGLE_SEA,
  ames: MULTI_SEA,
  sep: SINGLE_LAND,
  set: SINGLE_LAND,
  mep: MULTI_LAND,
  tmg: 'tmg',
  airplane_single_engine_land: SINGLE_LAND,
  airplane_multi_engine_land: MULTI_LAND,
  airplane_single_engine_sea: SINGLE_SEA,
  airplane_multi_engine_sea: MULTI_SEA,
};

/** The categories other than airplane, by the names files give them; the rest is `other`. */
const CATEGORIES: Record<string, AircraftCategory> = {
  airplane: 'airplane',
  helicopter: 'helicopter',
  rh: 'helicopter',
  rotorcraft_helicopter: 'helicopter',
  glider: 'sailplane',
  sailplane: 'sailplane',
  other: 'other',
};

const OTHER_CATEGORIES = new Set([
  'rotorcraft',
  'rotorcraft_gyroplane',
  'gyroplane',
  'rg',
  'lighter_than_air_airship',
  'lighter_than_air_balloon',
  'airship',
  'balloon',
  'hot_air_balloon',
  'gas_balloon',
  'powered_lift',
  'powered_parachute',
  'weight_shift_control',
]);

/** Class cells that name a class rating outright, the engine with it (EASA's classes). */
const CLASS_RATINGS: Record<string, string> = {
  sep: 'sep_land',
  set: 'set_land',
  mep: 'mep_land',
  tmg: 'tmg',
};

/**
 * A category or class cell (`ASEL`, `airplane_multi_engine_sea`, `SET`, `Helicopter`, `Glider`) as a
 * category and, for an airplane, its class, and the class rating when the cell names one (`SET`: a
 * single-engine turbine, whatever engine the file leaves unsaid). An empty or unknown cell says nothing.
 */
export function categoryAndClass(
  cell: string,
): Pick<AircraftFacts, 'category' | 'airplaneClass' | 'classRatingKey'> {
  const name = norm(cell);
  const airplaneClass = AIRPLANE_CLASSES[name];
  const classRatingKey = CLASS_RATINGS[name];
  if (airplaneClass)
    return { category: 'airplane', airplaneClass, ...(classRatingKey ? { classRatingKey } : {}) };
  const category = CATEGORIES[name];
  if (category) return { category };
  if (OTHER_CATEGORIES.has(name) || name.startsWith('powered_') || name.startsWith('weight_shift'))
    return { category: 'other' };
  return {};
}

/** ForeFlight's `Category/Class (EASA)`: the class rating it names, or the category. */
export function easaCategoryClass(
  cell: string,
): Pick<AircraftFacts, 'category' | 'airplaneClass' | 'classRatingKey' | 'turbineClass'> {
  const name = norm(cell);
  const classes: Record<string, [string, AirplaneClass]> = {
    single_engine_piston_land: ['sep_land', SINGLE_LAND],
    single_engine_turbine_land: ['set_land', SINGLE_LAND],
    multi_engine_piston_land: ['mep_land', MULTI_LAND],
    single_engine_piston_sea: ['sep_sea', SINGLE_SEA],
    single_engine_turbine_sea: ['set_sea', SINGLE_SEA],
    multi_engine_piston_sea: ['mep_sea', MULTI_SEA],
    touring_motor_glider: ['tmg', 'tmg'],
  };
  const known = classes[name];
  if (known) return { category: 'airplane', classRatingKey: known[0], airplaneClass: known[1] };
  // No class rating: a type rating from the type code, else the pilot's choice.
  if (name === 'multi_engine_turbine_land')
    return { category: 'airplane', airplaneClass: MULTI_LAND, turbineClass: true };
  if (name === 'multi_engine_turbine_sea')
    return { category: 'airplane', airplaneClass: MULTI_SEA, turbineClass: true };
  if (name === 'sailplane') return { category: 'sailplane' };
  if (name === 'helicopter') return { category: 'helicopter' };
  return {};
}

/** ForeFlight's `EngineType`: the engine, `null` for `Non-Powered`, undefined when empty or unknown. */
export function engineOf(cell: string): EngineKind | null | undefined {
  const engines: Record<string, EngineKind | null> = {
    piston: 'piston',
    radial: 'piston',
    diesel: 'piston',
    turboprop: 'turboprop',
    turbojet: 'turbojet',
    turbofan: 'turbojet',
    turboshaft: 'turboshaft',
    electric: 'electric',
    non_powered: null,
  };
  return engines[norm(cell)];
}

/** ForeFlight's `GearType` as features: tailwheel (`FC`, `RC`), retractable (`RT`, `RC`, `AM`). */
export function gearFeatures(cell: string): AircraftFeature[] {
  const gear = cell.trim().toUpperCase();
  const features: AircraftFeature[] = [];
  if (gear === 'FC' || gear === 'RC') features.push('tailwheel');
  if (gear === 'RT' || gear === 'RC' || gear === 'AM') features.push('retractable_gear');
  return features;
}

/** A boolean cell: `TRUE` (any case), `yes`, `1` or `x` is true; anything else, empty included, false. */
export const isTrue = (cell: string | undefined): boolean =>
  ['true', 'yes', 'y', '1', 'x'].includes((cell ?? '').trim().toLowerCase());
