import { currencyAsOf, type CurrencyEntry } from './currency';
import { currencyRuleCatalog, CURRENCY_RULE_KEYS } from './currency-rules';
import { experienceRecord, simulatorSession } from '@pft/testing/oracle';
import { countedRecordOf, type ExperienceRecord } from './experience-record';

const counted = (...records: ExperienceRecord[]) => records.map(countedRecordOf);

const entry = (entries: CurrencyEntry[], rule: string, group: string): CurrencyEntry | undefined =>
  entries.find((e) => e.rule === rule && e.group === group);

const dayLandings = (...dates: string[]) => dates.map((date) => experienceRecord({ date }));

describe('14 CFR 61.57(a): 3 takeoffs and 3 landings in the 90 days ending on the date', () => {
  const records = counted(...dayLandings('2026-01-01', '2026-01-10', '2026-01-20'));

  it('is current until the oldest needed landing leaves the window, 89 days after it', () => {
    expect(entry(currencyAsOf(records, '2026-02-01'), 'faa_61_57_a', 'airplane_sel')).toEqual({
      rule: 'faa_61_57_a',
      group: 'airplane_sel',
      status: 'current',
      valid_until: '2026-03-31',
      window_from: '2025-11-04',
      counted: { takeoffs: 3, landings: 3 },
      required: { takeoffs: 3, landings: 3 },
    });
  });

  it('counts a record on the 90th day (D−89) and not on the day before it (D−90)', () => {
    const on90th = entry(currencyAsOf(records, '2026-03-31'), 'faa_61_57_a', 'airplane_sel');
    expect(on90th).toMatchObject({ status: 'current', valid_until: '2026-03-31', window_from: '2026-01-01' });
    const after = entry(currencyAsOf(records, '2026-04-01'), 'faa_61_57_a', 'airplane_sel');
    expect(after).toMatchObject({
      status: 'not_current',
      valid_until: null,
      window_from: '2026-01-02',
      counted: { takeoffs: 2, landings: 2 },
    });
  });

  it('reaches 89 days ahead across a leap day', () => {
    const leap = counted(...dayLandings('2024-01-01', '2024-01-02', '2024-01-03'));
    expect(entry(currencyAsOf(leap, '2024-01-03'), 'faa_61_57_a', 'airplane_sel')?.valid_until).toBe(
      '2024-03-30',
    );
    const overLeapDay = counted(...dayLandings('2024-02-29', '2024-03-01', '2024-03-02'));
    expect(entry(currencyAsOf(overLeapDay, '2024-03-02'), 'faa_61_57_a', 'airplane_sel')?.valid_until).toBe(
      '2024-05-28',
    );
  });

  it('takes the takeoffs as the landings when absent, and as logged when sent', () => {
    const noTakeoffs = counted(
      experienceRecord({
        date: '2026-01-01',
        landings: { day: 3, night: 0 },
        takeoffs: { day: 0, night: 0 },
      }),
    );
    expect(entry(currencyAsOf(noTakeoffs, '2026-01-01'), 'faa_61_57_a', 'airplane_sel')).toMatchObject({
      status: 'not_current',
      counted: { takeoffs: 0, landings: 3 },
    });
    const dayAndNight = counted(experienceRecord({ date: '2026-01-01', landings: { day: 1, night: 2 } }));
    expect(entry(currencyAsOf(dayAndNight, '2026-01-01'), 'faa_61_57_a', 'airplane_sel')).toMatchObject({
      status: 'current',
      counted: { takeoffs: 3, landings: 3 },
    });
  });

  it('groups by FAA class, by type key for a type rating, and by category otherwise', () => {
    const mixed = counted(
      experienceRecord({ aircraft: { rating_key: 'sep_land' } }),
      experienceRecord({ aircraft: { rating_key: 'set_land' } }),
      experienceRecord({ aircraft: { rating_key: 'mep_land' } }),
      experienceRecord({ aircraft: { rating_key: 'sep_sea' } }),
      experienceRecord({ aircraft: { rating_key: 'set_sea' } }),
      experienceRecord({ aircraft: { rating_key: 'mep_sea' } }),
      experienceRecord({ aircraft: { rating_key: 'tmg' } }),
      experienceRecord({ aircraft: { rating_key: 'type_b737_300_900' } }),
      experienceRecord({ aircraft: { category: 'helicopter', rating_key: undefined } }),
      experienceRecord({ aircraft: { category: 'sailplane', rating_key: undefined } }),
      experienceRecord({ aircraft: { category: 'other', rating_key: undefined } }),
      simulatorSession({ aircraft: { rating_key: 'mep_land' } }),
    );
    const groups = currencyAsOf(mixed, '2026-06-01')
      .filter((e) => e.rule === 'faa_61_57_a')
      .map((e) => [e.group, e.counted.landings]);
    expect(groups).toEqual([
      ['airplane_mel', 1],
      ['airplane_mes', 1],
      ['airplane_sel', 2],
      ['airplane_ses', 2],
      ['helicopter', 1],
      ['other', 1],
      ['sailplane', 1],
      ['tmg', 1],
      ['type_b737_300_900', 1],
    ]);
  });
});

describe('14 CFR 61.57(b): 3 night takeoffs and 3 night full-stop landings in 90 days', () => {
  const night = (date: string, fullStop: number) =>
    experienceRecord({ date, landings: { day: 0, night: 1, night_full_stop: fullStop } });

  it('counts only the landings to a full stop, which are 0 when not logged', () => {
    const records = counted(night('2026-05-01', 1), night('2026-05-02', 1), night('2026-05-03', 0));
    expect(entry(currencyAsOf(records, '2026-05-03'), 'faa_61_57_b', 'airplane_sel')).toMatchObject({
      status: 'not_current',
      valid_until: null,
      counted: { takeoffs_night: 3, landings_night_full_stop: 2 },
      required: { takeoffs_night: 3, landings_night_full_stop: 3 },
    });
  });

  it('is current until the oldest of the needed night landings leaves the window', () => {
    const records = counted(night('2026-05-01', 1), night('2026-05-02', 1), night('2026-05-03', 1));
    expect(entry(currencyAsOf(records, '2026-05-03'), 'faa_61_57_b', 'airplane_sel')).toMatchObject({
      status: 'current',
      valid_until: '2026-07-29',
    });
  });

  it('has an entry for a group with only day flying, not current', () => {
    const records = counted(experienceRecord({ date: '2026-05-01' }));
    expect(entry(currencyAsOf(records, '2026-05-01'), 'faa_61_57_b', 'airplane_sel')?.status).toBe(
      'not_current',
    );
  });
});

describe('14 CFR 61.57(c)(1): 6 approaches and 1 hold from the sixth calendar month before', () => {
  const ifr = (date: string, approaches: number, holds: number) =>
    experienceRecord({ date, approaches, holds });

  it('starts the window on the first day of the sixth calendar month before the month of the date', () => {
    const records = counted(ifr('2026-02-15', 6, 1));
    expect(entry(currencyAsOf(records, '2026-03-01'), 'faa_61_57_c', 'airplane')).toEqual({
      rule: 'faa_61_57_c',
      group: 'airplane',
      status: 'current',
      valid_until: '2026-08-31',
      window_from: '2025-09-01',
      counted: { approaches: 6, holds: 1 },
      required: { approaches: 6, holds: 1 },
    });
    expect(entry(currencyAsOf(records, '2026-08-31'), 'faa_61_57_c', 'airplane')).toMatchObject({
      status: 'current',
      window_from: '2026-02-01',
    });
    expect(entry(currencyAsOf(records, '2026-09-01'), 'faa_61_57_c', 'airplane')).toMatchObject({
      status: 'not_current',
      valid_until: null,
      window_from: '2026-03-01',
      counted: { approaches: 0, holds: 0 },
    });
  });

  it('ends at the end of a month, February included, leap or not', () => {
    const endOf = (date: string) =>
      entry(currencyAsOf(counted(ifr(date, 6, 1)), date), 'faa_61_57_c', 'airplane')?.valid_until;
    expect(endOf('2025-08-31')).toBe('2026-02-28');
    expect(endOf('2023-08-10')).toBe('2024-02-29');
    expect(endOf('2026-01-31')).toBe('2026-07-31');
    expect(endOf('2026-07-01')).toBe('2027-01-31');
  });

  it('counts simulator sessions with flights, and lasts as long as the oldest record it needs', () => {
    const records = counted(
      simulatorSession({ date: '2026-01-10', approaches: 6 }),
      experienceRecord({ date: '2025-12-05', holds: 1 }),
    );
    expect(entry(currencyAsOf(records, '2026-01-10'), 'faa_61_57_c', 'airplane')).toMatchObject({
      status: 'current',
      valid_until: '2026-06-30',
    });
  });

  it('has entries only for the categories in which an approach or a hold was logged', () => {
    const records = counted(
      ifr('2026-01-10', 2, 0),
      experienceRecord({ date: '2026-01-10', aircraft: { category: 'helicopter', rating_key: undefined } }),
      simulatorSession({
        date: '2026-01-10',
        aircraft: { category: 'sailplane', rating_key: undefined },
        holds: 1,
      }),
    );
    const groups = currencyAsOf(records, '2026-01-10').filter((e) => e.rule === 'faa_61_57_c');
    expect(groups.map((e) => [e.group, e.status])).toEqual([
      ['airplane', 'not_current'],
      ['sailplane', 'not_current'],
    ]);
  });
});

describe('EASA FCL.060(b): passengers, by rating key, airplane flights only', () => {
  it('groups by rating key and leaves out other categories and simulator sessions', () => {
    const records = counted(
      ...dayLandings('2026-04-01', '2026-04-02', '2026-04-03'),
      experienceRecord({
        date: '2026-04-03',
        aircraft: { rating_key: 'set_land' },
        landings: { day: 0, night: 1 },
      }),
      experienceRecord({ date: '2026-04-03', aircraft: { category: 'helicopter', rating_key: undefined } }),
      simulatorSession({ date: '2026-04-03', aircraft: { rating_key: 'mep_land' } }),
    );
    const easa = currencyAsOf(records, '2026-04-03').filter((e) => e.rule.startsWith('easa'));
    expect(easa.map((e) => [e.rule, e.group, e.status, e.valid_until])).toEqual([
      ['easa_fcl_060_b1', 'sep_land', 'current', '2026-06-29'],
      ['easa_fcl_060_b1', 'set_land', 'not_current', null],
      ['easa_fcl_060_b2', 'sep_land', 'not_current', null],
      ['easa_fcl_060_b2', 'set_land', 'current', '2026-07-01'],
    ]);
    expect(entry(easa, 'easa_fcl_060_b2', 'set_land')?.counted).toEqual({
      takeoffs_night: 1,
      landings_night: 1,
    });
  });
});

describe('the currency list', () => {
  it('is sorted by rule order then group, and leaves out records dated after the date', () => {
    const records = counted(
      experienceRecord({ date: '2026-04-01', aircraft: { rating_key: 'mep_land' }, approaches: 1 }),
      experienceRecord({ date: '2026-04-01' }),
      experienceRecord({ date: '2026-04-02', aircraft: { category: 'helicopter', rating_key: undefined } }),
    );
    expect(currencyAsOf(records, '2026-04-01').map((e) => `${e.rule} ${e.group}`)).toEqual([
      'faa_61_57_a airplane_mel',
      'faa_61_57_a airplane_sel',
      'faa_61_57_b airplane_mel',
      'faa_61_57_b airplane_sel',
      'faa_61_57_c airplane',
      'easa_fcl_060_b1 mep_land',
      'easa_fcl_060_b1 sep_land',
      'easa_fcl_060_b2 mep_land',
      'easa_fcl_060_b2 sep_land',
    ]);
    expect(currencyAsOf(records, '2026-03-31')).toEqual([]);
  });

  it('lists the rules in order, each saying what the service does not assess', () => {
    const { rules } = currencyRuleCatalog();
    expect(rules.map((r) => r.key)).toEqual([...CURRENCY_RULE_KEYS]);
    expect(rules.map((r) => r.authority)).toEqual(['FAA', 'FAA', 'FAA', 'EASA', 'EASA']);
    for (const rule of rules) {
      expect(Object.keys(rule)).toEqual(['key', 'label', 'authority', 'reference', 'description']);
      expect(rule.description).toMatch(/Not assessed/);
    }
    expect(rules[0]?.description).toMatch(/sole manipulator/);
    expect(rules[0]?.description).toMatch(/61\.57\(a\)\(1\)\(ii\)/);
    expect(rules[2]?.description).toMatch(/61\.57\(c\)\(1\)\(iii\)/);
    expect(rules[2]?.description).toMatch(/instrument proficiency check/);
    expect(rules[4]?.description).toMatch(/instrument rating/);
  });
});
