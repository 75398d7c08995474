const DAY_MS = 86_400_000;

/** The day last asked for, as its text and the times it begins and ends: made once a day, not per request. */
let day = { text: '', from: 0, until: 0 };

/**
 * The UTC date of `now` (milliseconds since the epoch; the clock's by default), `YYYY-MM-DD`. Every
 * experience read asks for it: made from a Date and toISOString each time, it cost the partner API
 * more than the experience's own date arithmetic.
 */
export function todayUtc(now: number = Date.now()): string {
  if (now < day.from || now >= day.until) {
    const from = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
    day = { text: new Date(from).toISOString().slice(0, 10), from, until: from + DAY_MS };
  }
  return day.text;
}
