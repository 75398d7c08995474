import {
  afterFailedAttempt,
  DEFAULT_RETRY_SCHEDULE_MS,
  endpointIsDead,
  parseRetrySchedule,
} from './retry-schedule';

describe('retry schedule', () => {
  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', () => {
    const delays: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const next = afterFailedAttempt(attempt, DEFAULT_RETRY_SCHEDULE_MS);
      if ('giveUp' in next) break;
      delays.push(next.retryInMs);
    }
    const s = 1000;
    expect(delays).toEqual([5 * s, 300 * s, 1800 * s, 7200 * s, 18000 * s, 36000 * s, 36000 * s]);
  });

  it('reads WEBHOOK_RETRY_SCHEDULE_MS and refuses a malformed one', () => {
    expect(parseRetrySchedule('100, 200,300')).toEqual([100, 200, 300]);
    expect(parseRetrySchedule('0')).toEqual([0]);
    for (const bad of ['', '1,,2', '-5', '1.5', 'a']) expect(parseRetrySchedule(bad)).toBeUndefined();
  });

  it('disables an endpoint only once it has failed for the whole period', () => {
    const day = 86_400_000;
    expect(endpointIsDead(null, 10 * day, 5 * day)).toBe(false);
    expect(endpointIsDead(0, 5 * day - 1, 5 * day)).toBe(false);
    expect(endpointIsDead(0, 5 * day, 5 * day)).toBe(true);
  });
});
