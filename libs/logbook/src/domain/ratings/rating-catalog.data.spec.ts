import catalogData from './easa-airplane-ratings.json';
import { CLASS_RATING_KEYS, typeRatingKey } from './rating-key';
import { RATING_CATALOG, RATING_CATALOG_SOURCE } from './rating-catalog';
import { SPEC_CLASS_KEYS } from './rating-catalog.test-support';

const TYPE_KEY_PATTERN = /^type_[a-z0-9]+(_[a-z0-9]+)*$/;

const classEntries = RATING_CATALOG.filter((e) => e.category === 'class_rating');
const typeEntries = RATING_CATALOG.filter((e) => e.category === 'type_rating');

describe('RATING_CATALOG', () => {
  it('starts with the seven class keys in the spec order', () => {
    expect(RATING_CATALOG.slice(0, 7).map((e) => e.key)).toEqual(SPEC_CLASS_KEYS);
    expect([...CLASS_RATING_KEYS]).toEqual(SPEC_CLASS_KEYS);
    expect(classEntries).toHaveLength(7);
    expect(RATING_CATALOG.slice(0, 7).every((e) => e.category === 'class_rating')).toBe(true);
  });

  it('has at least 150 type ratings, all after the class ratings', () => {
    expect(typeEntries.length).toBeGreaterThanOrEqual(150);
    expect(RATING_CATALOG.slice(7).every((e) => e.category === 'type_rating')).toBe(true);
    expect(RATING_CATALOG).toHaveLength(7 + typeEntries.length);
  });

  it('has type keys of the form type_<designator>', () => {
    const bad = typeEntries.map((e) => e.key).filter((key) => !TYPE_KEY_PATTERN.test(key));
    expect(bad).toEqual([]);
  });

  it('derives every type key from a designator in the data file', () => {
    const derived = catalogData.type_ratings.map((t) => typeRatingKey(t.designator)).sort();
    expect(typeEntries.map((e) => e.key).sort()).toEqual(derived);
  });

  it('has unique keys', () => {
    const keys = RATING_CATALOG.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has no duplicate designators in the data file', () => {
    const designators = catalogData.type_ratings.map((t) => t.designator);
    expect(new Set(designators).size).toBe(designators.length);
  });

  it('sorts type ratings by key in plain byte order', () => {
    const keys = typeEntries.map((e) => e.key);
    const outOfOrder = keys.filter((key, i) => i > 0 && !(keys[i - 1]! < key));
    expect(outOfOrder).toEqual([]);
    const byteSorted = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(keys).toEqual(byteSorted);
  });

  it('has no manufacturer property on class ratings', () => {
    for (const entry of classEntries) {
      expect(Object.prototype.hasOwnProperty.call(entry, 'manufacturer')).toBe(false);
      expect(Object.keys(JSON.parse(JSON.stringify(entry))).sort()).toEqual(['category', 'key', 'label']);
    }
  });

  it('has a non-empty manufacturer and label on every type rating', () => {
    for (const entry of typeEntries) {
      expect(typeof entry.manufacturer).toBe('string');
      expect(entry.manufacturer!.trim()).not.toBe('');
      expect(entry.label.trim()).not.toBe('');
      expect(Object.keys(entry).sort()).toEqual(['category', 'key', 'label', 'manufacturer']);
    }
  });

  it('has non-empty labels on class ratings', () => {
    for (const entry of classEntries) {
      expect(entry.label.trim()).not.toBe('');
    }
  });

  it('contains no helicopter or sailplane ratings', () => {
    const rotorOrGliderWords = /helicopter|heli|rotor|gyro|sailplane|\bglider\b/i;
    const rotorOrGliderMakers =
      /robinson|sikorsky|eurocopter|airbus helicopters|agusta|leonardo helicopters|bell helicopter|\bbell\b|kaman|kamov|\bmil\b|md helicopters|enstrom|schweizer|hughes|guimbal|schempp|schleicher|rolladen|glaser|dg flugzeugbau|lange|jonker|pipistrel sail|stemme/i;
    const offenders = RATING_CATALOG.filter(
      (e) =>
        (e.category === 'type_rating' && rotorOrGliderWords.test(e.label)) ||
        (e.category === 'class_rating' && e.key !== 'tmg' && rotorOrGliderWords.test(e.label)) ||
        rotorOrGliderMakers.test(e.manufacturer ?? '') ||
        rotorOrGliderMakers.test(e.label),
    );
    expect(offenders).toEqual([]);
  });

  it('is deeply frozen', () => {
    expect(Object.isFrozen(RATING_CATALOG)).toBe(true);
    expect(RATING_CATALOG.every((e) => Object.isFrozen(e))).toBe(true);
    expect(Object.isFrozen(RATING_CATALOG_SOURCE)).toBe(true);
  });

  it('exposes its source and compiled date', () => {
    expect(RATING_CATALOG_SOURCE.source).toMatch(/EASA/);
    expect(RATING_CATALOG_SOURCE.compiled).toBe('2026-11-22');
  });
});

describe('icao_designators', () => {
  const lists = catalogData.type_ratings.map((t) => ({
    key: typeRatingKey(t.designator),
    icao: t.icao_designators,
  }));

  it('gives every type rating a list of ICAO Doc 8643 designators (2 to 4 upper-case letters or digits, a letter first)', () => {
    const bad = lists.flatMap(({ icao }) => icao.filter((d) => !/^[A-Z][A-Z0-9]{1,3}$/.test(d)));
    expect(bad).toEqual([]);
    expect(lists.every(({ icao }) => Array.isArray(icao))).toBe(true);
  });

  it('puts each designator on one type rating only', () => {
    const all = lists.flatMap(({ icao }) => icao);
    const repeated = all.filter((d, i) => all.indexOf(d) !== i);
    expect(repeated).toEqual([]);
    expect(all.length).toBeGreaterThan(200);
  });

  it('names its source', () => {
    expect(catalogData.icao_designators_source).toMatch(/ICAO Doc 8643/);
  });

  it('is not part of the dictionary entries', () => {
    expect(JSON.stringify(RATING_CATALOG)).not.toMatch(/icao/i);
  });
});
