import type { TypeRatingOf } from '../import';
import catalogData from './easa-airplane-ratings.json';
import { typeRatingKey } from './rating-key';
import {
  RATING_CATALOG,
  buildRatingCatalog,
  findRating,
  isAirplaneRatingKey,
  typeRatingForIcao,
} from './rating-catalog';
import { SPEC_CLASS_KEYS } from './rating-catalog.test-support';

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
