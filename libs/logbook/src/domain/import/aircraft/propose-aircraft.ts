import { AIRCRAFT_FEATURES, type EngineKind } from '@pft/contracts';
import { type ImportAircraft, type ProposedAircraft, type TypeRatingOf } from '../import.types';
import { type AircraftFacts, type AirplaneClass } from './aircraft-facts';

const TURBINES: ReadonlySet<EngineKind> = new Set(['turboprop', 'turbojet', 'turboshaft']);

/** The class rating of an airplane class and engine; undefined where there is none (multi-engine turbine). */
function classRating(airplaneClass: AirplaneClass, engine: EngineKind): string | undefined {
  if (airplaneClass === 'tmg') return 'tmg';
  const { engines, surface } = airplaneClass;
  if (engine === 'piston') return `${engines === 'single' ? 'sep' : 'mep'}_${surface}`;
  if (TURBINES.has(engine) && engines === 'single') return `set_${surface}`;
  return undefined;
}

/**
 * The aircraft a file proposes for a source aircraft (`logbook-import.md` 1): a type designator the
 * catalog has as a type rating wins over a class; then the class rating named outright; then the
 * class and engine (an airplane class with no engine named proposes piston, `guessed`, unless the class
 * says turbine); other
 * categories take their category. Null when the pilot has to choose.
 */
export function proposeAircraft(facts: AircraftFacts, typeRatingOf: TypeRatingOf): ProposedAircraft | null {
  const features = AIRCRAFT_FEATURES.filter((f) => facts.features.includes(f));
  const described: Omit<ImportAircraft, 'category'> = {
    ...(facts.type_designator ? { type_designator: facts.type_designator } : {}),
    ...(facts.engine ? { engine: facts.engine } : {}),
    ...(features.length > 0 ? { features } : {}),
  };
  const typeKey = facts.type_designator ? typeRatingOf(facts.type_designator) : undefined;
  if (typeKey && (facts.category === undefined || facts.category === 'airplane')) {
    return { category: 'airplane', rating_key: typeKey, ...described, guessed: false };
  }
  if (facts.category !== undefined && facts.category !== 'airplane') {
    return { category: facts.category, ...described, guessed: false };
  }
  if (facts.classRatingKey) {
    return { category: 'airplane', rating_key: facts.classRatingKey, ...described, guessed: false };
  }
  if (facts.category !== 'airplane' || !facts.airplaneClass) return null;
  if (facts.engine) {
    const key = classRating(facts.airplaneClass, facts.engine);
    return key ? { category: 'airplane', rating_key: key, ...described, guessed: false } : null;
  }
  if (facts.engineNamed || facts.turbineClass) return null;
  const key = classRating(facts.airplaneClass, 'piston');
  return key ? { category: 'airplane', rating_key: key, ...described, guessed: true } : null;
}

/**
 * Whether an aircraft's flight time is single- or multi-engine time: from the file's class, else
 * from a class rating key. Undefined for a type rating with no class in the file, and off airplanes.
 */
export function engineCountOf(
  aircraft: ImportAircraft,
  airplaneClass: AirplaneClass | undefined,
): 'single' | 'multi' | undefined {
  if (aircraft.category !== 'airplane') return undefined;
  const key = aircraft.rating_key ?? '';
  if (/^(sep|set)_/.test(key) || key === 'tmg') return 'single';
  if (/^mep_/.test(key)) return 'multi';
  if (airplaneClass === 'tmg') return 'single';
  return airplaneClass?.engines;
}
