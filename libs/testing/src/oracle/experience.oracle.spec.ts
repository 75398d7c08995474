import { type StartingTotals } from '@pft/contracts';
import { experienceRecord, nightFlight, simulatorSession } from './experience-record.factory';
import { oracleExperience } from './experience.oracle';

const starting: StartingTotals = {
  totals: {
    total_flight_time_minutes: 1000,
    pic_minutes: 500,
    sic_minutes: 0,
    dual_minutes: 0,
    instructor_minutes: 0,
    cross_country_minutes: 0,
    night_minutes: 0,
    actual_instrument_minutes: 30,
    simulated_instrument_minutes: 20,
    single_engine_minutes: 1000,
    multi_engine_minutes: 0,
    multi_pilot_minutes: 0,
    simulator_minutes: 0,
  },
  landings: { total_day: 100, total_night: 10 },
  rating_breakdown: { sep_land: 1000 },
  flight_count: 50,
};

describe('the experience oracle', () => {
  it('computes lifetime from the records up to D and the starting totals, counts from records only', () => {
    const records = [
      experienceRecord({ date: '2026-05-01', approaches: 2, holds: 1, landings: { day: 2 } }),
      nightFlight('2026-06-01', 2, 1, { takeoffs: { day: 1, night: 1 } }),
      simulatorSession({ date: '2026-06-02', approaches: 3 }),
      experienceRecord({ date: '2026-09-01', approaches: 9 }), // after D
    ];
    const { lifetime } = oracleExperience({ records, starting }, '2026-08-31');
    expect(lifetime).toMatchObject({
      landings: { total_day: 102, total_night: 12 },
      rating_breakdown: { sep_land: 1120 },
      flight_count: 52,
      last_flight_date: '2026-06-01T00:00:00.000Z',
      takeoffs: { day: 3, night: 1 },
      approaches: 5,
      holds: 1,
    });
    expect(lifetime.totals).toMatchObject({
      total_flight_time_minutes: 1120,
      ifr_minutes: 50,
      night_minutes: 60,
      simulator_minutes: 120,
    });
  });

  it("bounds last_6_months for D = 2026-08-31 as the spec's example does", () => {
    const records = [
      experienceRecord({ date: '2026-02-28', minutes: { total_flight_time: 10, pic: 10 } }),
      experienceRecord({ date: '2026-03-01', minutes: { total_flight_time: 20, pic: 20 } }),
      experienceRecord({ date: '2026-08-31', minutes: { total_flight_time: 40, pic: 40 } }),
    ];
    const { windows } = oracleExperience({ records, starting }, '2026-08-31');
    expect(windows.last_6_months).toMatchObject({ from: '2026-03-01', to: '2026-08-31', flight_count: 2 });
    expect(windows.last_6_months.totals.total_flight_time_minutes).toBe(60);
    expect(windows.last_90_days).toMatchObject({ from: '2026-06-03', flight_count: 1 });
    expect(windows.last_12_months).toMatchObject({ from: '2025-09-01', flight_count: 3 });
    expect(windows.last_24_months.from).toBe('2024-09-01');
    // Starting totals never count in a window.
    expect(windows.last_24_months.totals.total_flight_time_minutes).toBe(70);
    expect(windows.last_24_months.landings).toEqual({ day: 3, night: 0 });
  });

  it('reaches back to a leap day, and counts simulator sessions only in minutes and counts', () => {
    const records = [
      experienceRecord({ date: '2024-02-28' }),
      experienceRecord({ date: '2024-02-29', takeoffs: { day: 2, night: 0 } }),
      simulatorSession({ date: '2024-03-10', approaches: 4, holds: 2 }),
    ];
    const last12 = oracleExperience({ records, starting: null }, '2025-02-28').windows.last_12_months;
    expect(last12).toEqual({
      from: '2024-02-29',
      to: '2025-02-28',
      totals: expect.objectContaining({ total_flight_time_minutes: 60, simulator_minutes: 120 }) as unknown,
      landings: { day: 1, night: 0 },
      takeoffs: { day: 2, night: 0 },
      approaches: 4,
      holds: 2,
      flight_count: 1,
    });
  });

  it('takes the engine by default from the rating key and sums turbine', () => {
    const records = [
      experienceRecord({ aircraft: { rating_key: 'sep_land' } }),
      experienceRecord({
        aircraft: { rating_key: 'mep_sea' },
        minutes: { multi_engine: 60, single_engine: 0 },
      }),
      experienceRecord({ aircraft: { rating_key: 'tmg' } }),
      experienceRecord({ aircraft: { rating_key: 'set_land' } }),
      experienceRecord({ aircraft: { rating_key: 'type_a320' }, minutes: { pic: 0, sic: 60 } }),
      experienceRecord({ aircraft: { category: 'helicopter', rating_key: undefined } }),
      experienceRecord({ aircraft: { rating_key: 'set_land', engine: 'turboprop' } }),
      experienceRecord({
        aircraft: { rating_key: 'type_a320', engine: 'turbojet' },
        minutes: { multi_engine: 60 },
      }),
      experienceRecord({ aircraft: { category: 'helicopter', rating_key: undefined, engine: 'turboshaft' } }),
      experienceRecord({ aircraft: { rating_key: 'sep_land', engine: 'electric' } }),
      simulatorSession({ aircraft: { rating_key: 'type_a320' } }),
    ];
    const { by_engine } = oracleExperience({ records, starting }, '2026-08-31');
    const counts = Object.fromEntries(Object.entries(by_engine).map(([k, v]) => [k, v.flight_count]));
    expect(counts).toEqual({
      piston: 3,
      turboprop: 1,
      turbojet: 1,
      turboshaft: 1,
      electric: 1,
      unknown: 3,
      turbine: 3,
    });
    expect(by_engine.unknown).toEqual({
      total_flight_time_minutes: 180,
      pic_minutes: 120,
      sic_minutes: 60,
      multi_engine_minutes: 0,
      flight_count: 3,
    });
    expect(by_engine.turbine).toMatchObject({ total_flight_time_minutes: 180, multi_engine_minutes: 60 });
    expect(by_engine.piston.multi_engine_minutes).toBe(60);
  });

  it('breaks time down by feature, every feature present', () => {
    const records = [
      experienceRecord({ aircraft: { features: ['complex', 'retractable_gear'] } }),
      experienceRecord({
        aircraft: { features: ['retractable_gear'] },
        minutes: { total_flight_time: 30, pic: 0 },
      }),
      experienceRecord({}),
      experienceRecord({ date: '2026-09-01', aircraft: { features: ['tailwheel'] } }), // after D
    ];
    const { by_feature } = oracleExperience({ records, starting }, '2026-08-31');
    const none = { total_flight_time_minutes: 0, pic_minutes: 0, flight_count: 0 };
    expect(by_feature).toEqual({
      complex: { total_flight_time_minutes: 60, pic_minutes: 60, flight_count: 1 },
      high_performance: none,
      tailwheel: none,
      retractable_gear: { total_flight_time_minutes: 90, pic_minutes: 60, flight_count: 2 },
      pressurized: none,
      taa: none,
    });
  });

  it('lists aircraft types by time descending, then designator in byte order', () => {
    const typed = (type_designator: string, date: string, total: number) =>
      experienceRecord({
        date,
        aircraft: { type_designator },
        minutes: { total_flight_time: total, pic: total },
      });
    const records = [
      typed('C72R', '2026-01-01', 60),
      typed('C172', '2026-02-01', 60),
      typed('PA28', '2025-03-01', 30),
      typed('PA28', '2025-08-01', 30),
      typed('B738', '2024-05-01', 300),
      typed('A320', '2026-08-01', 60),
      experienceRecord({ date: '2026-08-02' }), // no designator: in no entry
      simulatorSession({ aircraft: { type_designator: 'Z999' } }), // not a flight
    ];
    const { by_aircraft_type } = oracleExperience({ records, starting }, '2026-08-31');
    expect(by_aircraft_type.map((e) => e.type_designator)).toEqual(['B738', 'A320', 'C172', 'C72R', 'PA28']);
    expect(by_aircraft_type.find((e) => e.type_designator === 'PA28')).toEqual({
      type_designator: 'PA28',
      total_flight_time_minutes: 60,
      pic_minutes: 60,
      sic_minutes: 0,
      // last_12_months for D = 2026-08-31 is 2025-09-01..2026-08-31.
      last_12_months_minutes: 0,
      flight_count: 2,
      last_flight_date: '2025-08-01T00:00:00.000Z',
    });
  });

  it('answers hundreds of records at each of twelve dates, counting the flights up to the date', () => {
    const records = Array.from({ length: 300 }, (_, i) =>
      nightFlight(
        `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        1,
        1,
        {
          approaches: i % 3,
          holds: i % 2,
          aircraft: { rating_key: ['sep_land', 'mep_land', 'type_a320'][i % 3]! },
        },
      ),
    );
    for (let m = 1; m <= 12; m++) {
      const asOf = `2025-${String(m).padStart(2, '0')}-15`;
      const { lifetime, currency } = oracleExperience({ records, starting }, asOf);
      expect(lifetime.flight_count).toBe(
        starting.flight_count + records.filter((r) => r.date <= asOf).length,
      );
      expect(currency.length).toBeGreaterThan(0);
    }
  });
});
