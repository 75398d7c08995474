import { MAX_REQUIREMENT_CHECKS_PER_DAY, secondsToNextUtcMidnight } from '@pft/partners/domain';
import { ApiError, countRateLimited } from '@pft/platform';

export const DAILY_LIMIT_MESSAGE = `At most ${MAX_REQUIREMENT_CHECKS_PER_DAY} requirement checks of a pilot by one partner a UTC day; retry after midnight UTC`;

export const DAILY_LIMIT_DETAILS = [{ field: 'pilot_id', issue: 'daily_limit' }];

/** The 429 of a check past the day's limit, at `now` (epoch ms): Retry-After runs to the next UTC midnight. */
export function dailyLimitReached(now: number): ApiError {
  countRateLimited('requirement_checks');
  return new ApiError('RATE_LIMITED', DAILY_LIMIT_MESSAGE, DAILY_LIMIT_DETAILS, {
    'Retry-After': String(secondsToNextUtcMidnight(now)),
  });
}
