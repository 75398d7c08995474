import fc from 'fast-check';
import { ENTERED_TOTALS_FIELDS, type Flight, type StartingTotals } from '@pft/contracts';
import { ENGINE_KEYS, EXPERIENCE_FEATURES, experienceRecord, simulatorSession } from '@pft/testing/oracle';
import { computeTotals } from '../compute-totals';
import { addDays } from './calendar';
import { experienceAsOf } from './experience';
import { countedRecordOf, type ExperienceRecord } from './experience-record';

const starting: StartingTotals = {
  totals: Object.fromEntries(ENTERED_TOTALS_FIELDS.map((f) => [f, 1000])) as StartingTotals['totals'],
  landings: { total_day: 500, total_night: 50 },
  rating_breakdown: { sep_land: 1000 },
  flight_count: 300,
};

/** The record as the totals read it: the fields the experience adds left out. */
const asFlight = (record: ExperienceRecord, i: number): Flight => ({
  flight_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  date: record.date,
  kind: record.kind,
  aircraft: { category: record.aircraft.category, rating_key: record.aircraft.rating_key },
  minutes: record.minutes,
  landings: { day: record.landings.day, night: record.landings.night },
});

describe('a record as counted', () => {
  it('takes the spec defaults for the fields left out', () => {
    const record = countedRecordOf(experienceRecord({ landings: { day: 2, night: 1 } }));
    expect(record).toMatchObject({
      engine: 'piston',
      takeoffs_day: 2,
      takeoffs_night: 1,
      landings_day_full_stop: 0,
      landings_night_full_stop: 0,
      approaches: 0,
      holds: 0,
      type_designator: null,
    });
    expect([...record.features]).toEqual([]);
  });

  it('takes the engine as piston only for the piston class ratings', () => {
    const engineOf = (over: Parameters<typeof experienceRecord>[0]) =>
      countedRecordOf(experienceRecord(over)).engine;
    for (const key of ['sep_land', 'sep_sea', 'mep_land', 'mep_sea', 'tmg']) {
      expect(engineOf({ aircraft: { rating_key: key } })).toBe('piston');
    }
    expect(engineOf({ aircraft: { rating_key: 'set_land' } })).toBe('unknown');
    expect(engineOf({ aircraft: { rating_key: 'type_a320' } })).toBe('unknown');
    expect(engineOf({ aircraft: { category: 'helicopter', rating_key: undefined } })).toBe('unknown');
    expect(engineOf({ aircraft: { rating_key: 'set_land', engine: 'turboprop' } })).toBe('turboprop');
  });
});

describe('lifetime', () => {
  const records = [
    experienceRecord({ date: '2026-01-01', landings: { day: 2, night: 1 }, approaches: 2, holds: 1 }),
    experienceRecord({ date: '2026-02-01', aircraft: { category: 'helicopter', rating_key: undefined } }),
    simulatorSession({ date: '2026-03-01', approaches: 3, minutes: { simulated_instrument: 45 } }),
    experienceRecord({
      date: '2026-04-01',
      takeoffs: { day: 0, night: 2 },
      minutes: { actual_instrument: 30 },
    }),
  ];

  it('is the totals over the records up to the date and the starting totals, with takeoffs, approaches and holds', () => {
    const { lifetime } = experienceAsOf(records, starting, '2026-03-31');
    const { takeoffs, approaches, holds, ...totals } = lifetime;
    expect(totals).toEqual(computeTotals(records.slice(0, 3).map(asFlight), starting));
    expect(totals.last_flight_date).toBe('2026-02-01T00:00:00.000Z');
    expect({ takeoffs, approaches, holds }).toEqual({
      takeoffs: { day: 3, night: 1 },
      approaches: 5,
      holds: 1,
    });
  });

  it('equals the totals read when no record is dated after the date', () => {
    const { lifetime } = experienceAsOf(records, null, '2026-12-01');
    expect(lifetime).toMatchObject(computeTotals(records.map(asFlight), null));
    expect(lifetime.takeoffs).toEqual({ day: 3, night: 3 });
  });
});

describe('lifetime, for any records', () => {
  const recordArb = fc
    .record({
      day: fc.integer({ min: 0, max: 400 }),
      simulator: fc.boolean(),
      category: fc.constantFrom('airplane' as const, 'helicopter' as const),
      minutes: fc.integer({ min: 0, max: 600 }),
      instrument: fc.integer({ min: 0, max: 60 }),
      landings: fc.integer({ min: 0, max: 5 }),
    })
    .map(({ day, simulator, category, minutes, instrument, landings }) => {
      const over = {
        date: addDays('2025-01-01', day),
        aircraft: { category, rating_key: category === 'airplane' ? 'mep_land' : undefined },
        minutes: { total_flight_time: minutes, pic: minutes, actual_instrument: instrument },
        landings: { day: landings, night: 1 },
      };
      return simulator
        ? simulatorSession({ ...over, landings: { day: 0, night: 0 } })
        : experienceRecord(over);
    });

  it('is the totals of the records dated up to the date', () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { maxLength: 30 }),
        fc.integer({ min: 0, max: 400 }),
        (records, day) => {
          const asOf = addDays('2025-01-01', day);
          const {
            takeoffs: _t,
            approaches: _a,
            holds: _h,
            ...totals
          } = experienceAsOf(records, starting, asOf).lifetime;
          const upTo = records.filter((r) => r.date <= asOf).map(asFlight);
          expect(totals).toEqual(computeTotals(upTo, starting));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('windows', () => {
  it('cover the 90 days and the 6, 12 and 24 months ending on the date', () => {
    const { windows } = experienceAsOf([], null, '2026-08-31');
    expect(Object.entries(windows).map(([name, w]) => [name, w.from, w.to])).toEqual([
      ['last_90_days', '2026-06-03', '2026-08-31'],
      ['last_6_months', '2026-03-01', '2026-08-31'],
      ['last_12_months', '2025-09-01', '2026-08-31'],
      ['last_24_months', '2024-09-01', '2026-08-31'],
    ]);
  });

  it('sum the records dated in them, starting totals never, with ifr_minutes derived', () => {
    const records = [
      experienceRecord({ date: '2026-02-28' }),
      experienceRecord({ date: '2026-03-01', minutes: { actual_instrument: 20, simulated_instrument: 10 } }),
      experienceRecord({ date: '2026-06-02' }), // D−90: out of the 90 days
      experienceRecord({ date: '2026-06-03', landings: { day: 0, night: 2, night_full_stop: 2 }, holds: 1 }),
      simulatorSession({ date: '2026-08-31', approaches: 4, minutes: { simulator: 60 } }),
      experienceRecord({ date: '2026-09-01' }),
    ];
    const { windows } = experienceAsOf(records, starting, '2026-08-31');
    const six = windows.last_6_months;
    expect(six.flight_count).toBe(3);
    expect(six.totals.total_flight_time_minutes).toBe(180);
    expect(six.totals.simulator_minutes).toBe(60);
    expect(six.totals.ifr_minutes).toBe(30);
    expect(six.landings).toEqual({ day: 2, night: 2 });
    expect(six.takeoffs).toEqual({ day: 2, night: 2 });
    expect([six.approaches, six.holds]).toEqual([4, 1]);
    const ninety = windows.last_90_days;
    expect([ninety.flight_count, ninety.totals.total_flight_time_minutes, ninety.landings.night]).toEqual([
      1, 60, 2,
    ]);
    expect(windows.last_12_months.flight_count).toBe(4);
  });
});

describe('breakdowns', () => {
  const records = [
    experienceRecord({
      date: '2025-06-01',
      aircraft: { type_designator: 'PA28' },
      minutes: { total_flight_time: 120 },
    }),
    experienceRecord({
      date: '2026-06-01',
      aircraft: { type_designator: 'C172' },
      minutes: { total_flight_time: 90 },
    }),
    experienceRecord({
      date: '2026-05-01',
      aircraft: { type_designator: 'C172' },
      minutes: { total_flight_time: 30 },
    }),
    experienceRecord({
      date: '2026-06-01',
      aircraft: { type_designator: 'C152' },
      minutes: { total_flight_time: 60 },
    }),
    experienceRecord({
      date: '2026-06-02',
      aircraft: {
        rating_key: 'type_a320',
        engine: 'turbojet',
        type_designator: 'A320',
        features: ['pressurized'],
      },
      minutes: { total_flight_time: 100, pic: 0, sic: 100, single_engine: 0, multi_engine: 100 },
    }),
    experienceRecord({
      date: '2026-06-03',
      aircraft: {
        rating_key: 'set_land',
        engine: 'turboprop',
        features: ['retractable_gear', 'pressurized'],
      },
    }),
    experienceRecord({ date: '2026-06-04', aircraft: { rating_key: 'set_land' } }),
    simulatorSession({ date: '2026-06-05', aircraft: { type_designator: 'B738' } }),
    experienceRecord({ date: '2026-07-01', aircraft: { type_designator: 'SR22' } }),
  ];
  const experience = experienceAsOf(records, starting, '2026-06-30');

  it('by aircraft type: flights with a designator, most time first, then by designator', () => {
    // C172 and PA28 tie on time: by designator.
    expect(experience.by_aircraft_type).toEqual([
      expect.objectContaining({
        type_designator: 'C172',
        total_flight_time_minutes: 120,
        last_12_months_minutes: 120,
        flight_count: 2,
        last_flight_date: '2026-06-01T00:00:00.000Z',
      }),
      {
        type_designator: 'PA28',
        total_flight_time_minutes: 120,
        pic_minutes: 60,
        sic_minutes: 0,
        last_12_months_minutes: 0,
        flight_count: 1,
        last_flight_date: '2025-06-01T00:00:00.000Z',
      },
      expect.objectContaining({ type_designator: 'A320', total_flight_time_minutes: 100, sic_minutes: 100 }),
      expect.objectContaining({ type_designator: 'C152', total_flight_time_minutes: 60 }),
    ]);
  });

  it('by engine: every key, turbine the sum of the turbines, logged flights only', () => {
    const { by_engine } = experience;
    expect(Object.keys(by_engine)).toEqual(ENGINE_KEYS);
    expect(by_engine.piston.flight_count).toBe(4);
    expect(by_engine.unknown.flight_count).toBe(1);
    expect(by_engine.turbine).toEqual({
      total_flight_time_minutes: 160,
      pic_minutes: 60,
      sic_minutes: 100,
      multi_engine_minutes: 100,
      flight_count: 2,
    });
    expect(by_engine.electric).toEqual({
      total_flight_time_minutes: 0,
      pic_minutes: 0,
      sic_minutes: 0,
      multi_engine_minutes: 0,
      flight_count: 0,
    });
  });

  it('by feature: every feature, over the flights that have it', () => {
    const { by_feature } = experience;
    expect(Object.keys(by_feature)).toEqual(EXPERIENCE_FEATURES);
    expect(by_feature.pressurized).toEqual({
      total_flight_time_minutes: 160,
      pic_minutes: 60,
      flight_count: 2,
    });
    expect(by_feature.retractable_gear.flight_count).toBe(1);
    expect(by_feature.taa.flight_count).toBe(0);
  });
});

describe("a type's last 12 months", () => {
  it('count their first day, not the day before, reaching back to a leap day', () => {
    // The 12 months ending on 2025-02-28 start on 2024-02-29 (D minus 12 months is 2024-02-28).
    const on = (date: string, minutes: number) =>
      experienceRecord({
        date,
        aircraft: { type_designator: 'DA42' },
        minutes: { total_flight_time: minutes, pic: minutes, single_engine: minutes },
      });
    const records = [on('2024-02-28', 1), on('2024-02-29', 10), on('2025-02-28', 100)];
    const [entry] = experienceAsOf(records, null, '2025-02-28').by_aircraft_type;
    expect(entry).toMatchObject({ total_flight_time_minutes: 111, last_12_months_minutes: 110 });
  });
});
