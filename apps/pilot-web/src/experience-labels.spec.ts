/// <reference types="jest" />
import { CURRENCY_RULE_KEYS } from '@pft/totals/domain';
import { countsOf, currencyGroupLabel, currencyRule, dayNight } from './experience-labels';

describe('how the experience screen names what the answer keys', () => {
  it('names every rule of the catalog by its label and reference, and an unknown rule by its key', () => {
    expect(currencyRule('faa_61_57_b')).toEqual({
      label: 'Passengers at night: 3 night takeoffs and 3 night full-stop landings in 90 days',
      reference: '14 CFR 61.57(b)',
    });
    for (const key of CURRENCY_RULE_KEYS) expect(currencyRule(key).reference).not.toBe('');
    expect(currencyRule('faa_61_58')).toEqual({ label: 'faa_61_58', reference: '' });
  });

  it('names FAA classes and categories, and rating keys by the rating dictionary', () => {
    expect(currencyGroupLabel('airplane_sel')).toBe('Airplane single-engine land');
    expect(currencyGroupLabel('helicopter')).toBe('Helicopter');
    expect(currencyGroupLabel('sep_land')).toBe('Single-engine piston (land)');
    expect(currencyGroupLabel('type_a320')).toBe('Airbus A318/A319/A320/A321');
    expect(currencyGroupLabel('no_such_group')).toBe('no_such_group');
  });

  it('sets what was counted against what is required, in the order of the requirements', () => {
    expect(
      countsOf({
        counted: { landings_night_full_stop: 2, takeoffs_night: 4 },
        required: { takeoffs_night: 3, landings_night_full_stop: 3 },
      }),
    ).toEqual([
      { name: 'takeoffs_night', label: 'Night takeoffs', counted: 4, required: 3, met: true },
      {
        name: 'landings_night_full_stop',
        label: 'Night full-stop landings',
        counted: 2,
        required: 3,
        met: false,
      },
    ]);
    // A count the answer leaves out is none; a count the app does not know keeps its name.
    expect(countsOf({ counted: {}, required: { glider_launches: 1 } })).toEqual([
      { name: 'glider_launches', label: 'glider_launches', counted: 0, required: 1, met: false },
    ]);
  });

  it('writes day and night counts as one cell', () => {
    expect(dayNight({ day: 3, night: 1 })).toBe('3 / 1');
  });
});
