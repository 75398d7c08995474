import catalogData from './easa-airplane-ratings.json';
import { CLASS_RATING_KEYS, type RatingKey, typeRatingKey } from './rating-key';

/** One entry of the rating dictionary (partner API v1, section 2.6). */
export interface RatingEntry {
  key: string;
  label: string;
  category: 'class_rating' | 'type_rating';
  /** Present for type ratings; the property is absent (not undefined) on class ratings. */
  manufacturer?: string;
}

export interface RatingCatalogSource {
  /** The document the catalog is drawn from. */
  source: string;
  /** Date the data file was compiled, YYYY-MM-DD. */
  compiled: string;
}

export interface RatingCatalog {
  entries: readonly RatingEntry[];
  source: RatingCatalogSource;
  /**
   * ICAO Doc 8643 aircraft type designator (upper case) -> the type rating that covers that aircraft,
   * from each type rating's `icao_designators`. Not part of the entries: the rating dictionary
   * serves the entries only.
   */
  typeRatingByIcao: ReadonlyMap<string, RatingKey>;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(obj: JsonObject, field: string, where: string): string {
  const value = obj[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`Rating catalog: ${where} needs a non-empty string "${field}"`);
  }
  return value;
}

function requireArray(obj: JsonObject, field: string): unknown[] {
  const value = obj[field];
  if (!Array.isArray(value)) {
    throw new Error(`Rating catalog: "${field}" must be an array`);
  }
  return value as unknown[];
}

/**
 * An ICAO Doc 8643 aircraft type designator as the data file writes it: 2 to 4 upper-case letters or
 * digits, a letter first (as a flight's `type_designator`).
 */
const ICAO_DESIGNATOR = /^[A-Z][A-Z0-9]{1,3}$/;

function requireIcaoDesignators(obj: JsonObject, where: string): string[] {
  const value = obj['icao_designators'];
  if (!Array.isArray(value)) {
    throw new Error(`Rating catalog: ${where} needs an array "icao_designators" (empty when none is known)`);
  }
  return value.map((designator: unknown) => {
    if (typeof designator !== 'string' || !ICAO_DESIGNATOR.test(designator)) {
      throw new Error(
        `Rating catalog: ${where} has ${JSON.stringify(designator)} in "icao_designators": expected 2 to 4 upper-case letters or digits, a letter first`,
      );
    }
    return designator;
  });
}

/** Plain byte-order comparison (keys are ASCII); deliberately not localeCompare. */
function compareKeys(a: RatingEntry, b: RatingEntry): number {
  if (a.key < b.key) return -1;
  if (a.key > b.key) return 1;
  return 0;
}

/**
 * Builds the catalog from the data file's shape: class ratings first in the spec's order, then
 * type ratings sorted by key in byte order. Throws a descriptive Error when the data is malformed,
 * when the class keys differ from the spec's seven, when two entries end up with the same key, or when
 * an ICAO designator is malformed or given to two type ratings. Every returned object is frozen.
 */
export function buildRatingCatalog(data: unknown): RatingCatalog {
  if (!isObject(data)) {
    throw new Error('Rating catalog: data must be a JSON object');
  }
  const source = Object.freeze({
    source: requireString(data, 'source', 'the catalog'),
    compiled: requireString(data, 'compiled', 'the catalog'),
  });

  const classEntries: RatingEntry[] = requireArray(data, 'class_ratings').map((raw, i) => {
    if (!isObject(raw)) throw new Error(`Rating catalog: class_ratings[${i}] must be an object`);
    const where = `class_ratings[${i}]`;
    return {
      key: requireString(raw, 'key', where),
      label: requireString(raw, 'label', where),
      category: 'class_rating',
    };
  });
  const classKeys = classEntries.map((e) => e.key);
  if (classKeys.join(',') !== CLASS_RATING_KEYS.join(',')) {
    throw new Error(
      `Rating catalog: class ratings must be exactly ${CLASS_RATING_KEYS.join(', ')} in that order, got ${classKeys.join(', ')}`,
    );
  }

  const typeRatings = requireArray(data, 'type_ratings');
  const typeEntries: RatingEntry[] = [];
  /** key -> where it came from, to name both sides of a collision. */
  const origins = new Map<string, string>(classEntries.map((e, i) => [e.key, `class_ratings[${i}]`]));
  const typeRatingByIcao = new Map<string, RatingKey>();
  /** ICAO designator -> where it came from, to name both sides of a collision. */
  const icaoOrigins = new Map<string, string>();
  typeRatings.forEach((raw, i) => {
    const where = `type_ratings[${i}]`;
    if (!isObject(raw)) throw new Error(`Rating catalog: ${where} must be an object`);
    const designator = requireString(raw, 'designator', where);
    const key = typeRatingKey(designator);
    const origin = `${where} (designator ${JSON.stringify(designator)})`;
    const previous = origins.get(key);
    if (previous !== undefined) {
      throw new Error(`Rating catalog: duplicate rating key "${key}" from ${previous} and ${origin}`);
    }
    origins.set(key, origin);
    for (const icao of requireIcaoDesignators(raw, where)) {
      const earlier = icaoOrigins.get(icao);
      if (earlier !== undefined) {
        throw new Error(`Rating catalog: ICAO designator "${icao}" is on both ${earlier} and ${origin}`);
      }
      icaoOrigins.set(icao, origin);
      typeRatingByIcao.set(icao, key);
    }
    typeEntries.push({
      key,
      label: requireString(raw, 'label', where),
      category: 'type_rating',
      manufacturer: requireString(raw, 'manufacturer', where),
    });
  });
  typeEntries.sort(compareKeys);

  const entries = [...classEntries, ...typeEntries];

  return Object.freeze({
    entries: Object.freeze(entries.map((entry) => Object.freeze(entry))),
    source,
    typeRatingByIcao,
  });
}

const CATALOG = buildRatingCatalog(catalogData);

/** The full airplane rating catalog, in dictionary order. Frozen. */
export const RATING_CATALOG: readonly RatingEntry[] = CATALOG.entries;

/** Where the catalog data comes from, and when it was compiled. Frozen. */
export const RATING_CATALOG_SOURCE: Readonly<RatingCatalogSource> = CATALOG.source;

const KEYS: ReadonlySet<string> = new Set(RATING_CATALOG.map((entry) => entry.key));
const BY_KEY: ReadonlyMap<string, RatingEntry> = new Map(RATING_CATALOG.map((entry) => [entry.key, entry]));

/** True when `key` is one of the seven class keys or a catalog type key (exact, case-sensitive). */
export function isAirplaneRatingKey(key: string): boolean {
  return KEYS.has(key);
}

/** The catalog entry for `key`, or undefined when there is none. */
export function findRating(key: string): RatingEntry | undefined {
  return BY_KEY.get(key);
}

/**
 * The type rating that covers the aircraft of an ICAO Doc 8643 type designator (`B738` ->
 * `type_b737_300_900`), or undefined when no type rating of the catalog lists it. Case-insensitive;
 * surrounding spaces are ignored. The lookup the import's `TypeRatingOf` port expects.
 */
export function typeRatingForIcao(designator: string): RatingKey | undefined {
  return CATALOG.typeRatingByIcao.get(designator.trim().toUpperCase());
}
