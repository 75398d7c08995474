import type { TypeRatingOf } from '../import';
import catalogData from './easa-airplane-ratings.json';
import { CLASS_RATING_KEYS, typeRatingKey } from './rating-key';
import {
  RATING_CATALOG,
  RATING_CATALOG_SOURCE,
  buildRatingCatalog,
  findRating,
  isAirplaneRatingKey,
  typeRatingForIcao,
} from './rating-catalog';

const SPEC_CLASS_KEYS = ['sep_land', 'sep_sea', 'set_land', 'set_sea', 'mep_land', 'mep_sea', 'tmg'];
const TYPE_KEY_PATTERN = /^type_[a-z0-9]+(_[a-z0-9]+)*$/;

const classEntries = RATING_CATALOG.filter((e) => e.category === 'class_rating');
const typeEntries = RATING_CATALOG.filter((e) => e.category === 'type_rating');

/** A small valid data file for builder tests. */
function sampleData(designators: string[]): unknown {
  return {
    source: 'test',
    compiled: '2026-11-22',
    class_ratings: SPEC_CLASS_KEYS.map((key) => ({ key, label: key })),
    type_ratings: designators.map((designator) => ({
      designator,
      label: designator,
      manufacturer: 'Maker',
      icao_designators: [],
    })),
  };
}

describe('typeRatingKey', () => {
  it.each([
    ['B737 300-900', 'type_b737_300_900'],
    ['ATR 42/72', 'type_atr_42_72'],
    ['A320', 'type_a320'],
    ['A330/350', 'type_a330_350'],
    ['CL600/601/604/605', 'type_cl600_601_604_605'],
    ['  Falcon 7X/8X  ', 'type_falcon_7x_8x'],
    ['-DHC--8-', 'type_dhc_8'],
  ])('%j -> %s', (designator, key) => {
    expect(typeRatingKey(designator)).toBe(key);
  });

  it('rejects a designator without letters or digits', () => {
    expect(() => typeRatingKey(' / - ')).toThrow(Error);
  });
});

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

describe('isAirplaneRatingKey', () => {
  it.each(['sep_land', 'tmg', 'type_b737_300_900', 'type_a320'])('accepts %s', (key) => {
    expect(isAirplaneRatingKey(key)).toBe(true);
  });

  it.each(['type_unknown', '', 'SEP_LAND', 'type_B737_300_900', 'sep_land ', 'type_', 'B737 300-900'])(
    'rejects %j',
    (key) => {
      expect(isAirplaneRatingKey(key)).toBe(false);
    },
  );

  it('accepts every catalog key', () => {
    expect(RATING_CATALOG.filter((e) => !isAirplaneRatingKey(e.key))).toEqual([]);
  });
});

describe('findRating', () => {
  it('finds class and type entries', () => {
    expect(findRating('mep_sea')).toEqual({
      key: 'mep_sea',
      label: 'Multi-engine piston (sea)',
      category: 'class_rating',
    });
    const b737 = findRating('type_b737_300_900');
    expect(b737).toMatchObject({ key: 'type_b737_300_900', category: 'type_rating', manufacturer: 'Boeing' });
  });

  it('returns undefined for unknown keys', () => {
    expect(findRating('type_unknown')).toBeUndefined();
    expect(findRating('')).toBeUndefined();
  });
});

describe('buildRatingCatalog', () => {
  it('sorts type ratings by byte order, not locale order', () => {
    const built = buildRatingCatalog(sampleData(['b 2', 'B1', 'a10', 'A9', 'Z']));
    expect(built.entries.slice(7).map((e) => e.key)).toEqual([
      'type_a10',
      'type_a9',
      'type_b1',
      'type_b_2',
      'type_z',
    ]);
  });

  it('throws a clear error when two designators give the same key', () => {
    expect(() => buildRatingCatalog(sampleData(['A320', 'B737', ' a320/']))).toThrow(
      /duplicate rating key "type_a320"/,
    );
  });

  it('throws when the class ratings are not the spec seven in order', () => {
    const data = sampleData(['A320']) as { class_ratings: unknown[] };
    data.class_ratings.reverse();
    expect(() => buildRatingCatalog(data)).toThrow(/class ratings must be exactly/);
  });

  it('throws when a type rating lacks a manufacturer', () => {
    const data = sampleData(['A320']) as { type_ratings: Array<Record<string, unknown>> };
    delete data.type_ratings[0]!.manufacturer;
    expect(() => buildRatingCatalog(data)).toThrow(/manufacturer/);
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

describe('typeRatingForIcao', () => {
  it.each([
    ['B738', 'type_b737_300_900'],
    ['B733', 'type_b737_300_900'],
    ['B38M', 'type_b737_300_900'],
    ['B732', 'type_b737_100_200'],
    ['A20N', 'type_a320'],
    ['AT76', 'type_atr_42_72'],
    ['E190', 'type_emb170'],
  ])('%s -> %s', (designator, key) => {
    expect(typeRatingForIcao(designator)).toBe(key);
  });

  it('ignores case and surrounding spaces', () => {
    expect(typeRatingForIcao('a320')).toBe('type_a320');
    expect(typeRatingForIcao(' b738 ')).toBe('type_b737_300_900');
    expect(typeRatingForIcao('a35k')).toBe('type_a330_350');
  });

  it('maps the whole A320 family to the A320 type rating', () => {
    const family = ['A318', 'A319', 'A320', 'A321', 'A19N', 'A20N', 'A21N'];
    expect(family.map((d) => typeRatingForIcao(d))).toEqual(family.map(() => 'type_a320'));
  });

  it.each(['C172', 'ZZZZ', '', 'B7380', 'A30B', 'CL60'])(
    'answers undefined for %j (not a type rating, unknown, or shared by two type ratings)',
    (designator) => {
      expect(typeRatingForIcao(designator)).toBeUndefined();
    },
  );

  it('maps every designator of the data file to the one type rating that lists it', () => {
    const wrong = catalogData.type_ratings.flatMap((t) =>
      t.icao_designators
        .filter((d) => typeRatingForIcao(d) !== typeRatingKey(t.designator))
        .map((d) => `${d} -> ${typeRatingForIcao(d)}, listed on ${t.designator}`),
    );
    expect(wrong).toEqual([]);
    expect(
      catalogData.type_ratings
        .flatMap((t) => t.icao_designators)
        .every((d) => isAirplaneRatingKey(typeRatingForIcao(d)!)),
    ).toBe(true);
  });

  it('is the lookup the import takes', () => {
    const port: TypeRatingOf = typeRatingForIcao;
    expect(port('B744')).toBe('type_b747_400');
  });
});

describe('buildRatingCatalog and icao_designators', () => {
  function withIcao(lists: unknown[]): unknown {
    const data = sampleData(lists.map((_, i) => `T${i}`)) as { type_ratings: Array<Record<string, unknown>> };
    data.type_ratings.forEach((t, i) => (t.icao_designators = lists[i]));
    return data;
  }

  it('indexes each designator under its type rating', () => {
    const built = buildRatingCatalog(withIcao([['AB12'], ['CD3', 'EF']]));
    expect([...built.typeRatingByIcao]).toEqual([
      ['AB12', 'type_t0'],
      ['CD3', 'type_t1'],
      ['EF', 'type_t1'],
    ]);
  });

  it('throws when a designator is on two type ratings, naming both', () => {
    expect(() => buildRatingCatalog(withIcao([['AB12'], ['AB12']]))).toThrow(
      /ICAO designator "AB12" is on both type_ratings\[0\].*and type_ratings\[1\]/,
    );
  });

  it.each([[['b738']], [['B7380']], [['A']], [[738]], [['B73 ']], [['7378']]])(
    'throws on a malformed designator in %j',
    (list) => {
      expect(() => buildRatingCatalog(withIcao([list]))).toThrow(/icao_designators/);
    },
  );

  it('throws when a type rating has no icao_designators array', () => {
    expect(() => buildRatingCatalog(withIcao([undefined]))).toThrow(/needs an array "icao_designators"/);
  });
});
