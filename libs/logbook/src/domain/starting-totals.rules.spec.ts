import { parseStartingTotals, ZERO_STARTING_TOTALS } from './starting-totals.rules';

const issuesOf = (input: unknown) => {
  const result = parseStartingTotals(input);
  return result.ok ? [] : result.issues.map(({ field, issue }) => ({ field, issue }));
};

describe('parseStartingTotals', () => {
  it('fills every absent field with 0', () => {
    expect(parseStartingTotals({})).toEqual({ ok: true, value: ZERO_STARTING_TOTALS });
  });

  it('keeps what was given and leaves zero ratings out', () => {
    const result = parseStartingTotals({
      totals: { total_flight_time_minutes: 30000, pic_minutes: 12000 },
      landings: { total_day: 450, total_night: 30 },
      rating_breakdown: { sep_land: 9000, type_a320: 18000, tmg: 0 },
      flight_count: 380,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.totals.total_flight_time_minutes).toBe(30000);
    expect(result.value.totals.simulator_minutes).toBe(0);
    expect(result.value.landings).toEqual({ total_day: 450, total_night: 30 });
    expect(result.value.rating_breakdown).toEqual({ sep_land: 9000, type_a320: 18000 });
    expect(result.value.flight_count).toBe(380);
  });

  it.each([
    ['not an object', 'x', '(body)', 'wrong_type'],
    ['an unknown field', { hours: 1 }, 'hours', 'unknown_field'],
    ['ifr_minutes, which is derived', { totals: { ifr_minutes: 5 } }, 'totals.ifr_minutes', 'not_allowed'],
    ['an unknown totals field', { totals: { glider_minutes: 5 } }, 'totals.glider_minutes', 'unknown_field'],
    ['minutes above 6,000,000', { totals: { pic_minutes: 6_000_001 } }, 'totals.pic_minutes', 'out_of_range'],
    ['negative minutes', { totals: { pic_minutes: -1 } }, 'totals.pic_minutes', 'out_of_range'],
    ['minutes as text', { totals: { pic_minutes: '5' } }, 'totals.pic_minutes', 'wrong_type'],
    ['totals not an object', { totals: [] }, 'totals', 'wrong_type'],
    ['an unknown landings field', { landings: { total: 1 } }, 'landings.total', 'unknown_field'],
    ['fractional landings', { landings: { total_day: 1.5 } }, 'landings.total_day', 'wrong_type'],
    [
      'a rating key not in the catalog',
      { rating_breakdown: { r44: 60 } },
      'rating_breakdown.r44',
      'unknown_rating',
    ],
    [
      'rating minutes out of range',
      { rating_breakdown: { sep_land: 6_000_001 } },
      'rating_breakdown.sep_land',
      'out_of_range',
    ],
    ['flight_count above 100,000', { flight_count: 100_001 }, 'flight_count', 'out_of_range'],
    ['flight_count null', { flight_count: null }, 'flight_count', 'wrong_type'],
  ])('rejects %s', (_what, input, field, issue) => {
    expect(issuesOf(input)).toEqual([{ field, issue }]);
  });
});
