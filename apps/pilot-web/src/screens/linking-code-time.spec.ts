/// <reference types="jest" />
import { countdownText, issuedCode, lifetimeText, secondsLeft } from './linking-code-time';

const ISSUED = Date.parse('2026-12-06T10:00:00.400Z');
const code = (lifetimeMs: number) => ({
  linking_token: 'PFT-AB12-CD34-EF56-GH78',
  expires_at: new Date(ISSUED + lifetimeMs).toISOString(),
});
/** The `Date` header of the answer: the service's clock when it sent it, to the second. */
const dateHeader = (ms: number) => Date.parse(new Date(ms).toUTCString());

describe('the Partners screen: how long a linking code lives', () => {
  it('says the lifetime the service gave the code, whatever it is set to', () => {
    for (const [ttl, words] of [
      [600, '10 minutes'],
      [300, '5 minutes'],
      [60, '1 minute'],
      [90, '1 minute 30 seconds'],
      [45, '45 seconds'],
      [3600, '1 hour'],
      [5400, '1 hour 30 minutes'],
      [86400, '24 hours'],
    ] as const) {
      const issued = issuedCode(code(ttl * 1000), dateHeader(ISSUED + 20), ISSUED + 30);
      expect([issued.lifetimeSeconds, lifetimeText(issued.lifetimeSeconds)]).toEqual([ttl, words]);
    }
  });

  it('reads the lifetime by the service’s clock, not the browser’s, and counts it down from the answer', () => {
    // The browser's clock is 7 minutes fast: by it, the 10-minute code would have 3 minutes left.
    const browserAhead = 7 * 60_000;
    const received = ISSUED + 50 + browserAhead;
    const issued = issuedCode(code(600_000), dateHeader(ISSUED + 50), received);
    expect(lifetimeText(issued.lifetimeSeconds)).toBe('10 minutes');
    expect(countdownText(secondsLeft(issued, received))).toBe('10:00');
    expect(countdownText(secondsLeft(issued, received + 1_500))).toBe('9:59');
    expect(secondsLeft(issued, received + 600_000)).toBe(0);
    expect(secondsLeft(issued, received + 700_000)).toBe(0);
  });

  it('never gives more time than the code has, when the answer was sent in the second after its issue', () => {
    const issued = issuedCode(code(600_000), dateHeader(ISSUED + 700), ISSUED + 800);
    expect(issued.lifetimeSeconds).toBe(599);
    expect(lifetimeText(issued.lifetimeSeconds)).toBe('10 minutes');
    expect(countdownText(secondsLeft(issued, ISSUED + 800))).toBe('9:59');
  });

  it('falls back on the browser’s clock when the answer does not say when it was sent', () => {
    expect(issuedCode(code(300_000), undefined, ISSUED + 200).lifetimeSeconds).toBe(299);
    expect(issuedCode(code(300_000), Number.NaN, ISSUED).lifetimeSeconds).toBe(300);
  });

  it('shows a lifetime of an hour or more with its hours', () => {
    expect(countdownText(86_400)).toBe('24:00:00');
    expect(countdownText(3_599)).toBe('59:59');
    expect(countdownText(65)).toBe('1:05');
  });
});
