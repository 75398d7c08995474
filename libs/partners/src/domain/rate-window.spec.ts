import fc from 'fast-check';
import { decideRate, rateLimitHeaders, rateWindowAt } from './rate-window';

describe('rate windows', () => {
  it('aligns windows to the clock minute', () => {
    const minute = Date.UTC(2026, 10, 22, 6, 0, 0);
    expect(rateWindowAt(minute)).toEqual({ id: minute / 60000, resetSeconds: 60 });
    expect(rateWindowAt(minute + 59_999)).toEqual({ id: minute / 60000, resetSeconds: 1 });
    expect(rateWindowAt(minute + 60_000).id).toBe(minute / 60000 + 1);
  });

  it('always resets within 1..60 seconds, inside the same minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (now) => {
        const window = rateWindowAt(now);
        expect(window.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(window.resetSeconds).toBeLessThanOrEqual(60);
        const nextWindowStart = (Math.floor(now / 1000) + window.resetSeconds) * 1000;
        expect(rateWindowAt(nextWindowStart - 1).id).toBe(window.id);
        expect(rateWindowAt(nextWindowStart).id).toBe(window.id + 1);
      }),
    );
  });

  it('counts down 4, 3, 2, 1, 0 for a limit of 5, then refuses with Retry-After 60', () => {
    const window = { id: 1, resetSeconds: 42 };
    const remaining = [1, 2, 3, 4, 5].map((n) => decideRate(5, n, window));
    expect(remaining.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 4],
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    const refused = decideRate(5, 6, window);
    expect(refused).toEqual({ allowed: false, limit: 5, remaining: 0, resetSeconds: 42 });
    expect(rateLimitHeaders(refused)).toEqual({
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '42',
      'Retry-After': '60',
    });
    expect(rateLimitHeaders(remaining[0]!)).not.toHaveProperty('Retry-After');
  });
});
