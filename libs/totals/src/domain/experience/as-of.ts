import { addDays, daysInMonth } from './calendar';

/** The first powered flight: the earliest date a flight, and so an `as_of`, may have. */
export const EARLIEST_AS_OF = '1903-12-17';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Why an `as_of` was refused: a stable word for clients, a sentence for people. */
export interface AsOfProblem {
  issue: 'invalid_format' | 'out_of_range' | 'repeated';
  message: string;
}

export type ParsedAsOf = { ok: true; asOf: string } | { ok: false; problem: AsOfProblem };

/**
 * The `as_of` of an experience read (`pilot-experience.md` 4): absent, today (UTC); else a calendar
 * date `YYYY-MM-DD` from 1903-12-17 to tomorrow, the range of a flight's date.
 */
export function parseAsOf(raw: unknown, today: string): ParsedAsOf {
  if (raw === undefined) return { ok: true, asOf: today };
  if (Array.isArray(raw))
    return { ok: false, problem: { issue: 'repeated', message: 'as_of may be given once' } };
  const match = typeof raw === 'string' ? DATE.exec(raw) : null;
  const [year, month, day] = match ? match.slice(1).map(Number) : [0, 0, 0];
  if (!match || month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth(year!, month!))
    return {
      ok: false,
      problem: { issue: 'invalid_format', message: 'as_of must be a calendar date, YYYY-MM-DD' },
    };
  const asOf = raw as string;
  const latest = addDays(today, 1);
  if (asOf < EARLIEST_AS_OF || asOf > latest)
    return {
      ok: false,
      problem: {
        issue: 'out_of_range',
        message: `as_of must be from ${EARLIEST_AS_OF} to tomorrow (UTC), ${latest}`,
      },
    };
  return { ok: true, asOf };
}
