import { MAX_REQUIREMENT_CHECKS_PER_DAY, secondsToNextUtcMidnight } from './requirement-check-limit';

const at = (iso: string): number => Date.parse(iso);

describe('the daily limit on requirement checks', () => {
  it('is 20 a day', () => {
    expect(MAX_REQUIREMENT_CHECKS_PER_DAY).toBe(20);
  });

  it.each([
    ['2026-12-01T00:00:00.000Z', 86_400],
    ['2026-12-01T12:00:00.000Z', 43_200],
    ['2026-12-01T23:59:00.000Z', 60],
    ['2026-12-01T23:59:59.001Z', 1],
    ['2026-12-01T23:59:58.500Z', 2],
    ['2026-12-31T23:00:00.000Z', 3_600],
  ])('at %s, Retry-After is %i seconds: to the next UTC midnight, rounded up', (now, seconds) => {
    expect(secondsToNextUtcMidnight(at(now))).toBe(seconds);
  });
});
