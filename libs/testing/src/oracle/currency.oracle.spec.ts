import { type CurrencyEntry, oracleCurrency } from './currency.oracle';
import { experienceRecord, nightFlight, simulatorSession } from './experience-record.factory';
import { type ExperienceRecord } from './experience-record.oracle';

const entry = (
  records: ExperienceRecord[],
  asOf: string,
  rule: string,
  group: string,
): CurrencyEntry | undefined =>
  oracleCurrency(records, asOf).find((e) => e.rule === rule && e.group === group);

describe('the currency oracle', () => {
  it("reproduces the spec's 61.57(b) example", () => {
    // D = 2026-12-01: the window is 2026-09-03..2026-12-01. Four night takeoffs, three of the
    // landings to a full stop, the earliest of those on 2026-10-17 (which leaves the window after 2027-01-14).
    const records = [
      nightFlight('2026-09-10', 1, 0),
      nightFlight('2026-10-17', 1, 1),
      nightFlight('2026-11-01', 1, 1, { aircraft: { rating_key: 'set_land', engine: 'turboprop' } }),
      nightFlight('2026-11-20', 1, 1),
      nightFlight('2026-12-02', 3, 3), // after D: counts nowhere
    ];
    expect(entry(records, '2026-12-01', 'faa_61_57_b', 'airplane_sel')).toEqual({
      rule: 'faa_61_57_b',
      group: 'airplane_sel',
      status: 'current',
      valid_until: '2027-01-14',
      window_from: '2026-09-03',
      counted: { takeoffs_night: 4, landings_night_full_stop: 3 },
      required: { takeoffs_night: 3, landings_night_full_stop: 3 },
    });
  });

  it('counts a record on the 90th day back (D-89) but not on the 91st (D-90)', () => {
    const onDay90 = [experienceRecord({ date: '2026-06-03', landings: { day: 3 } })];
    expect(entry(onDay90, '2026-08-31', 'faa_61_57_a', 'airplane_sel')).toMatchObject({
      status: 'current',
      valid_until: '2026-08-31',
      window_from: '2026-06-03',
      counted: { takeoffs: 3, landings: 3 },
    });
    const onDay91 = [experienceRecord({ date: '2026-06-02', landings: { day: 3 } })];
    expect(entry(onDay91, '2026-08-31', 'faa_61_57_a', 'airplane_sel')).toMatchObject({
      status: 'not_current',
      valid_until: null,
      counted: { takeoffs: 0, landings: 0 },
    });
  });

  it('takes the takeoffs as sent, else as many as the landings', () => {
    const records = [
      experienceRecord({ date: '2026-08-01', takeoffs: { day: 1, night: 0 }, landings: { day: 3 } }),
      experienceRecord({ date: '2026-08-02', landings: { day: 1, night: 1 } }),
    ];
    expect(entry(records, '2026-08-31', 'faa_61_57_a', 'airplane_sel')?.counted).toEqual({
      takeoffs: 3,
      landings: 5,
    });
  });

  it('applies 61.57(c) over six calendar months, with simulator sessions, by category', () => {
    const records = [
      simulatorSession({ date: '2026-02-01', approaches: 4, holds: 1 }),
      experienceRecord({ date: '2026-07-10', approaches: 2 }),
      experienceRecord({ date: '2026-01-31', approaches: 6, holds: 2 }), // before the window
      experienceRecord({ date: '2026-08-01', aircraft: { category: 'helicopter', rating_key: undefined } }),
    ];
    const entries = oracleCurrency(records, '2026-08-15').filter((e) => e.rule === 'faa_61_57_c');
    // No approach or hold in a helicopter: no helicopter entry.
    expect(entries).toEqual([
      {
        rule: 'faa_61_57_c',
        group: 'airplane',
        status: 'current',
        // On 2026-09-01 the window starts on 2026-03-01 and the February session leaves it.
        valid_until: '2026-08-31',
        window_from: '2026-02-01',
        counted: { approaches: 6, holds: 1 },
        required: { approaches: 6, holds: 1 },
      },
    ]);
  });

  it('groups 61.57 by FAA group and FCL.060 by rating key', () => {
    const records = [
      experienceRecord({ date: '2026-08-01', landings: { day: 2 } }),
      experienceRecord({ date: '2026-08-02', aircraft: { rating_key: 'set_land' } }),
      experienceRecord({ date: '2026-08-03', aircraft: { rating_key: 'type_b737_300_900' } }),
      experienceRecord({ date: '2026-08-04', aircraft: { category: 'helicopter', rating_key: undefined } }),
      experienceRecord({ date: '2026-08-05', aircraft: { rating_key: 'mep_sea' }, landings: { night: 1 } }),
      simulatorSession({ date: '2026-08-06', aircraft: { rating_key: 'mep_land' } }),
    ];
    // sep_land and set_land together make airplane_sel current under 61.57(a), apart neither under FCL.060(b)(1).
    const keys = oracleCurrency(records, '2026-08-31').map((e) => `${e.rule} ${e.group} ${e.status}`);
    expect(keys).toEqual([
      'faa_61_57_a airplane_mes not_current',
      'faa_61_57_a airplane_sel current',
      'faa_61_57_a helicopter not_current',
      'faa_61_57_a type_b737_300_900 not_current',
      'faa_61_57_b airplane_mes not_current',
      'faa_61_57_b airplane_sel not_current',
      'faa_61_57_b helicopter not_current',
      'faa_61_57_b type_b737_300_900 not_current',
      'easa_fcl_060_b1 mep_sea not_current',
      'easa_fcl_060_b1 sep_land not_current',
      'easa_fcl_060_b1 set_land not_current',
      'easa_fcl_060_b1 type_b737_300_900 not_current',
      'easa_fcl_060_b2 mep_sea current',
      'easa_fcl_060_b2 sep_land not_current',
      'easa_fcl_060_b2 set_land not_current',
      'easa_fcl_060_b2 type_b737_300_900 not_current',
    ]);
  });

  it('keeps FCL.060(b)(2) current until the single night takeoff and landing leave the 90 days', () => {
    const records = [nightFlight('2024-01-02', 1, 0)];
    // 2024 is a leap year: 2024-01-02 is D-89 for D = 2024-03-31.
    expect(entry(records, '2024-02-15', 'easa_fcl_060_b2', 'sep_land')).toMatchObject({
      status: 'current',
      valid_until: '2024-03-31',
      counted: { takeoffs_night: 1, landings_night: 1 },
    });
  });

  it('ignores records dated after D, even for valid_until', () => {
    const records = [
      experienceRecord({ date: '2026-08-01', landings: { day: 3 } }),
      experienceRecord({ date: '2026-09-01', landings: { day: 3 } }),
    ];
    // Only the 2026-08-01 flight counts: it leaves the window after 2026-10-29 (its D+89).
    expect(entry(records, '2026-08-15', 'faa_61_57_a', 'airplane_sel')?.valid_until).toBe('2026-10-29');
  });
});
