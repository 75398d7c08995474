import {
  formatDuration,
  formatProgressLine,
  percentDone,
  ProgressEstimator,
  type ProgressSnapshot,
} from './progress-line';

const snapshot = (done: number, total: number): ProgressSnapshot => ({ done, total, lag: total - done });

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [4.2, '5s'],
    [59, '59s'],
    [60, '1m00s'],
    [185, '3m05s'],
    [3600, '1h00m'],
    [7620, '2h07m'],
  ])('%s s → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it('says unknown without an estimate', () => {
    expect(formatDuration(undefined)).toBe('unknown');
    expect(formatDuration(Infinity)).toBe('unknown');
  });
});

describe('percentDone', () => {
  it('is whole, capped at 100, and 100 for empty work', () => {
    expect(percentDone(snapshot(1, 3))).toBe(33);
    expect(percentDone(snapshot(5, 4))).toBe(100);
    expect(percentDone(snapshot(0, 0))).toBe(100);
  });
});

describe('ProgressEstimator', () => {
  it('knows no rate from one snapshot, then measures from the first one seen', () => {
    const estimator = new ProgressEstimator();
    // A resumed rebuild starts at 1000 done: what was done before is not part of the rate.
    expect(estimator.estimate(snapshot(1000, 5000), 10_000)).toEqual({ rate: 0, etaSeconds: undefined });
    expect(estimator.estimate(snapshot(2000, 5000), 12_000)).toEqual({ rate: 500, etaSeconds: 6 });
    expect(estimator.estimate(snapshot(5000, 5000), 14_000)).toEqual({ rate: 1000, etaSeconds: 0 });
  });

  it('has nothing left to wait for when the work is empty', () => {
    expect(new ProgressEstimator().estimate(snapshot(0, 0), 0)).toEqual({ rate: 0, etaSeconds: 0 });
  });
});

describe('formatProgressLine', () => {
  it('says when, what, how far, how fast, how long still and the lag', () => {
    expect(
      formatProgressLine(
        'pilot_totals version 3',
        { done: 1200, total: 5000, lag: 3800 },
        { rate: 849.6, etaSeconds: 4.47 },
        new Date('2026-11-25T03:40:05.000Z'),
      ),
    ).toBe(
      '2026-11-25T03:40:05.000Z pilot_totals version 3: 1200/5000 events (24%), 850 events/s, ETA 5s, lag 3800',
    );
  });
});
