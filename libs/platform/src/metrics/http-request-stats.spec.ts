import { DURATION_BUCKETS, HttpRequestStats } from './http-request-stats';

describe('HttpRequestStats', () => {
  it('counts by method, route and status, and keeps durations in cumulative buckets with sum and count', () => {
    const stats = new HttpRequestStats();
    stats.record('GET', '/v1/a', 200, 0.001); // on a bound: counts in that bucket (le is inclusive)
    stats.record('GET', '/v1/a', 200, 0.003);
    stats.record('GET', '/v1/a', 429, 20); // past the last bound: only in +Inf
    stats.record('POST', '/v1/a', 201, 0.02);

    expect(stats.requestSamples()).toEqual([
      { labels: { method: 'GET', route: '/v1/a', status: 200 }, value: 2 },
      { labels: { method: 'GET', route: '/v1/a', status: 429 }, value: 1 },
      { labels: { method: 'POST', route: '/v1/a', status: 201 }, value: 1 },
    ]);

    const get = stats
      .durationSamples('d')
      .filter((s) => s.labels.method === 'GET')
      .map((s) => [s.metricName, s.labels.le, s.value]);
    const buckets = get.filter(([name]) => name === 'd_bucket');
    expect(buckets).toHaveLength(DURATION_BUCKETS.length + 1);
    expect(buckets.slice(0, 3)).toEqual([
      ['d_bucket', 0.001, 1],
      ['d_bucket', 0.0025, 1],
      ['d_bucket', 0.005, 2],
    ]);
    expect(buckets.at(-2)).toEqual(['d_bucket', 10, 2]);
    expect(buckets.at(-1)).toEqual(['d_bucket', '+Inf', 3]);
    expect(get.find(([name]) => name === 'd_count')).toEqual(['d_count', undefined, 3]);
    expect(get.find(([name]) => name === 'd_sum')?.[2]).toBeCloseTo(20.004, 9);
  });

  it('starts again from nothing when reset', () => {
    const stats = new HttpRequestStats();
    stats.record('GET', '/v1/a', 200, 0.01);
    stats.reset();
    expect(stats.requestSamples()).toEqual([]);
    expect(stats.durationSamples('d')).toEqual([]);
  });
});
