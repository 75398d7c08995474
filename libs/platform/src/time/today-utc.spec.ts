import fc from 'fast-check';
import { todayUtc } from './today-utc';

describe('todayUtc', () => {
  it('is the UTC date of each time asked, in any order, across midnights and years', () => {
    const nearMidnight = fc
      .tuple(fc.integer({ min: -25_000, max: 60_000 }), fc.integer({ min: -3, max: 3 }))
      .map(([day, ms]) => day * 86_400_000 + ms);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(nearMidnight, fc.integer({ min: -2e12, max: 5e12 })), { maxLength: 20 }),
        (times) => {
          for (const now of times) expect(todayUtc(now)).toBe(new Date(now).toISOString().slice(0, 10));
        },
      ),
    );
  });

  it('turns at midnight exactly, and back when the clock goes back', () => {
    const midnight = Date.UTC(2028, 1, 29);
    expect(todayUtc(midnight - 1)).toBe('2028-02-28');
    expect(todayUtc(midnight)).toBe('2028-02-29');
    expect(todayUtc(midnight + 86_399_999)).toBe('2028-02-29');
    expect(todayUtc(midnight + 86_400_000)).toBe('2028-03-01');
    expect(todayUtc(midnight - 1)).toBe('2028-02-28');
  });

  it('reads the clock when given no time', () => {
    const before = new Date().toISOString().slice(0, 10);
    const today = todayUtc();
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain(today);
  });
});
