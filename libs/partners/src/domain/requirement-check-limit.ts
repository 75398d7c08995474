/**
 * The daily limit on requirement checks (pilot experience, section 5): at most 20 answered checks per
 * partner and pilot account per UTC day, so that thresholds cannot be walked to recover a figure. The
 * day is the database's (the statement that counts a check), one clock for every replica; the time is
 * passed in, never read here.
 */
export const MAX_REQUIREMENT_CHECKS_PER_DAY = 20;

const DAY_MS = 86_400_000;

/** Whole seconds from `nowMs` to the next UTC midnight, when the limit starts again: 1 to 86,400. */
export function secondsToNextUtcMidnight(nowMs: number): number {
  const nextMidnight = (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((nextMidnight - nowMs) / 1000));
}
