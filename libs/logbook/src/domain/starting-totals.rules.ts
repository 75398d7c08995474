import { ENTERED_TOTALS_FIELDS, type StartingTotals } from '@pft/contracts';
import { isAirplaneRatingKey } from './ratings/rating-catalog';
import { BodyReader } from './body-reader';
import { type Parsed, type ValidationIssue } from './validation-issue';

export const MAX_STARTING_MINUTES = 6_000_000;
export const MAX_STARTING_FLIGHT_COUNT = 100_000;
/** The contract names no bound for carried-over landings; this one keeps sums far from overflow. */
export const MAX_STARTING_LANDINGS = 10_000_000;

export const ZERO_STARTING_TOTALS: StartingTotals = {
  totals: Object.fromEntries(ENTERED_TOTALS_FIELDS.map((f) => [f, 0])) as StartingTotals['totals'],
  landings: { total_day: 0, total_night: 0 },
  rating_breakdown: {},
  flight_count: 0,
};

/** Checks the starting totals a pilot entered and returns them with every absent field as 0. */
export function parseStartingTotals(input: unknown): Parsed<StartingTotals> {
  const issues: ValidationIssue[] = [];
  const body = BodyReader.object(issues, '', input);
  if (!body) return { ok: false, issues };
  body.onlyKnown(['totals', 'landings', 'rating_breakdown', 'flight_count']);
  const result: StartingTotals = structuredClone(ZERO_STARTING_TOTALS);

  const totals = body.object('totals', false);
  if (totals) {
    for (const key of totals.keys()) {
      if (key === 'ifr_minutes') totals.problem(key, 'not_allowed', 'is derived from the instrument minutes');
      else if (!(ENTERED_TOTALS_FIELDS as readonly string[]).includes(key)) {
        totals.problem(key, 'unknown_field', 'is not a known field');
      }
    }
    for (const field of ENTERED_TOTALS_FIELDS) {
      result.totals[field] = totals.integer(field, 0, MAX_STARTING_MINUTES) ?? 0;
    }
  }
  const landings = body.object('landings', false);
  if (landings) {
    landings.onlyKnown(['total_day', 'total_night']);
    result.landings.total_day = landings.integer('total_day', 0, MAX_STARTING_LANDINGS) ?? 0;
    result.landings.total_night = landings.integer('total_night', 0, MAX_STARTING_LANDINGS) ?? 0;
  }
  const breakdown = body.object('rating_breakdown', false);
  if (breakdown) {
    for (const key of breakdown.keys()) {
      if (!isAirplaneRatingKey(key)) {
        breakdown.problem(key, 'unknown_rating', 'is not a key of the rating catalog');
        continue;
      }
      const minutes = breakdown.integer(key, 0, MAX_STARTING_MINUTES);
      if (minutes !== undefined && minutes > 0) result.rating_breakdown[key] = minutes;
    }
  }
  result.flight_count = body.integer('flight_count', 0, MAX_STARTING_FLIGHT_COUNT) ?? 0;
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: result };
}
