import {
  type AircraftFacts,
  categoryAndClass,
  easaCategoryClass,
  engineOf,
  gearFeatures,
} from './aircraft-facts';
import { engineCountOf, proposeAircraft } from './propose-aircraft';

/** The catalog's designators this test knows: B738 and A320 are type ratings, C172 is not. */
const typeRatingOf = (designator: string): string | undefined =>
  ({ B738: 'type_b737_300_900', A320: 'type_a320' })[designator];

const facts = (over: Partial<AircraftFacts>): AircraftFacts => ({
  source: 'N1',
  engineNamed: true,
  features: [],
  simulatorDevice: false,
  ...over,
});

describe('import aircraft', () => {
  it.each([
    ['ASEL', 'piston', 'sep_land'],
    ['ASEL', 'turboprop', 'set_land'],
    ['ASES', 'piston', 'sep_sea'],
    ['ASES', 'turbojet', 'set_sea'],
    ['AMEL', 'piston', 'mep_land'],
    ['AMES', 'piston', 'mep_sea'],
    ['airplane_single_engine_land', 'piston', 'sep_land'],
    ['airplane_multi_engine_sea', 'piston', 'mep_sea'],
    ['TMG', 'piston', 'tmg'],
  ] as const)('proposes %s with a %s engine as %s', (cls, engine, key) => {
    expect(proposeAircraft(facts({ ...categoryAndClass(cls), engine }), typeRatingOf)).toEqual({
      category: 'airplane',
      rating_key: key,
      engine,
      guessed: false,
    });
  });

  it.each([
    ['SEP', 'sep_land'],
    ['SET', 'set_land'],
    ['MEP', 'mep_land'],
    ['TMG', 'tmg'],
  ] as const)(
    'proposes a %s class cell with no engine as %s, not guessed: the class names the engine',
    (cls, key) => {
      expect(proposeAircraft(facts({ ...categoryAndClass(cls), engineNamed: false }), typeRatingOf)).toEqual({
        category: 'airplane',
        rating_key: key,
        guessed: false,
      });
      expect(
        engineCountOf({ category: 'airplane', rating_key: key }, categoryAndClass(cls).airplaneClass),
      ).toBe(cls === 'MEP' ? 'multi' : 'single');
    },
  );

  it('leaves a multi-engine turbine airplane, an electric one and an unknown class to the pilot', () => {
    expect(
      proposeAircraft(facts({ ...categoryAndClass('AMEL'), engine: 'turboprop' }), typeRatingOf),
    ).toBeNull();
    expect(
      proposeAircraft(facts({ ...categoryAndClass('ASEL'), engine: 'electric' }), typeRatingOf),
    ).toBeNull();
    expect(proposeAircraft(facts({ ...categoryAndClass('Spaceship') }), typeRatingOf)).toBeNull();
    expect(proposeAircraft(facts({ category: 'airplane' }), typeRatingOf)).toBeNull();
  });

  it('lets a type designator the catalog has as a type rating win over a class', () => {
    expect(
      proposeAircraft(
        facts({ ...categoryAndClass('AMEL'), type_designator: 'B738', engine: 'turbojet' }),
        typeRatingOf,
      ),
    ).toEqual({
      category: 'airplane',
      rating_key: 'type_b737_300_900',
      type_designator: 'B738',
      engine: 'turbojet',
      guessed: false,
    });
    expect(
      proposeAircraft(
        facts({ ...categoryAndClass('ASEL'), type_designator: 'C172', engine: 'piston' }),
        typeRatingOf,
      ),
    ).toEqual({
      category: 'airplane',
      rating_key: 'sep_land',
      type_designator: 'C172',
      engine: 'piston',
      guessed: false,
    });
  });

  it('guesses the piston class when the file names no engine, and says it guessed', () => {
    expect(proposeAircraft(facts({ ...categoryAndClass('AMEL'), engineNamed: false }), typeRatingOf)).toEqual(
      {
        category: 'airplane',
        rating_key: 'mep_land',
        guessed: true,
      },
    );
  });

  it('gives helicopters, gliders and the rest their category', () => {
    const category = (cell: string) => proposeAircraft(facts(categoryAndClass(cell)), typeRatingOf)?.category;
    expect(
      [
        'Helicopter',
        'rotorcraft_helicopter',
        'RH',
        'Glider',
        'glider',
        'Gyroplane',
        'lighter_than_air_balloon',
        'powered_lift',
      ].map(category),
    ).toEqual([
      'helicopter',
      'helicopter',
      'helicopter',
      'sailplane',
      'sailplane',
      'other',
      'other',
      'other',
    ]);
  });

  it('reads the EASA class names, and none for a multi-engine turbine', () => {
    expect(easaCategoryClass('single_engine_turbine_land')).toMatchObject({ classRatingKey: 'set_land' });
    expect(easaCategoryClass('multi_engine_piston_sea')).toMatchObject({ classRatingKey: 'mep_sea' });
    expect(easaCategoryClass('touring_motor_glider')).toMatchObject({ classRatingKey: 'tmg' });
    expect(easaCategoryClass('multi_engine_turbine_land')).toEqual({
      category: 'airplane',
      airplaneClass: { engines: 'multi', surface: 'land' },
      turbineClass: true,
    });
    expect(easaCategoryClass('sailplane')).toEqual({ category: 'sailplane' });
  });

  it.each(['multi_engine_turbine_land', 'multi_engine_turbine_sea'])(
    'leaves a %s aircraft with no engine and no type rating to the pilot: never a piston class guessed',
    (cell) => {
      const easa = easaCategoryClass(cell);
      expect(proposeAircraft(facts({ ...easa, engineNamed: false }), typeRatingOf)).toBeNull();
      expect(proposeAircraft(facts({ ...easa, engine: 'turboprop' }), typeRatingOf)).toBeNull();
      expect(
        proposeAircraft(facts({ ...easa, engineNamed: false, type_designator: 'B738' }), typeRatingOf),
      ).toEqual({
        category: 'airplane',
        rating_key: 'type_b737_300_900',
        type_designator: 'B738',
        guessed: false,
      });
    },
  );

  it('reads engine types and gear types as ForeFlight names them', () => {
    expect(
      [
        'Piston',
        'Radial',
        'Diesel',
        'Turboprop',
        'Turbojet',
        'Turbofan',
        'Turboshaft',
        'Electric',
        'Non-Powered',
        '',
      ].map(engineOf),
    ).toEqual([
      'piston',
      'piston',
      'piston',
      'turboprop',
      'turbojet',
      'turbojet',
      'turboshaft',
      'electric',
      null,
      undefined,
    ]);
    expect(['FC', 'RC', 'RT', 'AM', 'FT', 'Skids'].map(gearFeatures)).toEqual([
      ['tailwheel'],
      ['tailwheel', 'retractable_gear'],
      ['retractable_gear'],
      ['retractable_gear'],
      [],
      [],
    ]);
  });

  it('counts single- or multi-engine time from the class rating, else from the file class', () => {
    expect(engineCountOf({ category: 'airplane', rating_key: 'set_sea' }, undefined)).toBe('single');
    expect(engineCountOf({ category: 'airplane', rating_key: 'mep_land' }, undefined)).toBe('multi');
    expect(
      engineCountOf({ category: 'airplane', rating_key: 'type_a320' }, { engines: 'multi', surface: 'land' }),
    ).toBe('multi');
    expect(engineCountOf({ category: 'airplane', rating_key: 'type_a320' }, undefined)).toBeUndefined();
    expect(engineCountOf({ category: 'helicopter' }, undefined)).toBeUndefined();
  });
});
