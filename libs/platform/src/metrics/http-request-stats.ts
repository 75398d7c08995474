import { type Metric, register } from 'prom-client';

/** Upper bounds of the latency histogram's buckets, in seconds. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method and route: its answers by status, and its durations in buckets (not cumulative). */
interface RouteSeries {
  readonly method: string;
  readonly route: string;
  readonly statuses: Map<number, number>;
  readonly buckets: number[];
  sum: number;
  count: number;
}

interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * Requests counted and timed in plain numbers, turned into Prometheus series only when scraped.
 * prom-client's own Counter and Histogram hash their labels on every call; here a request costs two
 * map look-ups, a few comparisons and additions.
 */
export class HttpRequestStats {
  private readonly byMethod = new Map<string, Map<string, RouteSeries>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let routes = this.byMethod.get(method);
    if (routes === undefined) {
      routes = new Map();
      this.byMethod.set(method, routes);
    }
    let series = routes.get(route);
    if (series === undefined) {
      series = {
        method,
        route,
        statuses: new Map(),
        buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      routes.set(route, series);
    }
    series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  /** pft_http_requests_total's samples. */
  requestSamples(): Sample[] {
    const samples: Sample[] = [];
    for (const series of this.allSeries()) {
      for (const [status, count] of series.statuses) {
        samples.push({ labels: { method: series.method, route: series.route, status }, value: count });
      }
    }
    return samples;
  }

  /** pft_http_request_duration_seconds's samples: cumulative buckets, +Inf, sum and count. */
  durationSamples(name: string): Sample[] {
    const samples: Sample[] = [];
    for (const { method, route, buckets, sum, count } of this.allSeries()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += buckets[i]!;
        samples.push({ metricName: `${name}_bucket`, labels: { method, route, le }, value: cumulative });
      });
      samples.push({ metricName: `${name}_bucket`, labels: { method, route, le: '+Inf' }, value: count });
      samples.push({ metricName: `${name}_sum`, labels: { method, route }, value: sum });
      samples.push({ metricName: `${name}_count`, labels: { method, route }, value: count });
    }
    return samples;
  }

  reset(): void {
    this.byMethod.clear();
  }

  private *allSeries(): Iterable<RouteSeries> {
    for (const routes of this.byMethod.values()) yield* routes.values();
  }
}

/**
 * Registers a metric whose samples `samples` gives when scraped. The registry asks any metric only
 * for its name and `get()` (or `getForPromString()`); its typings name only prom-client's own classes.
 */
export function registerScrapedMetric(
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  samples: () => Sample[],
  reset: () => void,
): void {
  if (register.getSingleMetric(name)) return;
  const snapshot = (): Promise<object> =>
    Promise.resolve({ name, help, type, values: samples(), aggregator: 'sum' });
  const metric = { name, help, type, get: snapshot, getForPromString: snapshot, reset };
  register.registerMetric(metric as unknown as Metric);
}
