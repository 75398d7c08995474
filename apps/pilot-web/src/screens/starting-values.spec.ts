/// <reference types="jest" />
import { ENTERED_TOTALS_FIELDS, type StartingTotals } from '@pft/contracts';
import { parseTime } from '../format';
import { startingFieldOf, startingFieldWords, startingValues } from './starting-values';

describe('the Starting totals form, filled from the stored starting totals', () => {
  const stored = (): StartingTotals => ({
    totals: Object.fromEntries(ENTERED_TOTALS_FIELDS.map((f) => [f, 0])) as StartingTotals['totals'],
    landings: { total_day: 0, total_night: 0 },
    rating_breakdown: {},
    flight_count: 0,
  });

  it('leaves every field empty for starting totals of 0', () => {
    expect(startingValues(stored())).toEqual({});
  });

  it('shows each time as hours:minutes that reads back as the same minutes, up to the largest allowed', () => {
    const entered = stored();
    entered.totals.total_flight_time_minutes = 6_000_000;
    entered.totals.pic_minutes = 90;
    entered.landings.total_night = 30;
    entered.flight_count = 380;
    const values = startingValues(entered);
    expect(values).toEqual({
      'totals.total_flight_time_minutes': '100000:00',
      'totals.pic_minutes': '1:30',
      'landings.total_night': '30',
      flight_count: '380',
    });
    expect(parseTime(values['totals.total_flight_time_minutes']!)).toBe(6_000_000);
    expect(parseTime(values['totals.pic_minutes']!)).toBe(90);
  });
});

describe('the Starting totals form, refused by the API', () => {
  it('names its fields by the JSON path of the body, and no field for a path it does not show', () => {
    expect(
      ['totals.pic_minutes', 'landings.total_night', 'flight_count', 'rating_breakdown.glider', '(body)'].map(
        startingFieldOf,
      ),
    ).toEqual(['totals.pic_minutes', 'landings.total_night', 'flight_count', undefined, undefined]);
  });

  it('says the bounds of a time in hours:minutes, as its field is typed, and of a count as the API does', () => {
    const outOfRange = (field: string, message: string) =>
      startingFieldWords({ field, issue: 'out_of_range', message }, field);
    expect(outOfRange('totals.pic_minutes', 'must be from 0 to 6000000')).toBe('must be at most 100000:00');
    expect(outOfRange('flight_count', 'must be from 0 to 100000')).toBe('must be from 0 to 100000');
    expect(outOfRange('landings.total_day', 'must be from 0 to 10000000')).toBe('must be from 0 to 10000000');
  });
});
