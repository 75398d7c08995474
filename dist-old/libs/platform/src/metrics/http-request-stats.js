"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HttpRequestStats = exports.DURATION_BUCKETS = void 0;
exports.registerScrapedMetric = registerScrapedMetric;
const prom_client_1 = require("prom-client");
/** Upper bounds of the latency histogram's buckets, in seconds. */
exports.DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * Requests counted and timed in plain numbers, turned into Prometheus series only when scraped.
 * prom-client's own Counter and Histogram hash their labels on every call (some 2.5 µs a request
 * for the pair on a busy core, a few percent of a cached partner read); here a request costs two
 * map look-ups, a few comparisons and additions.
 */
class HttpRequestStats {
    byMethod = new Map();
    record(method, route, status, seconds) {
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
                buckets: new Array(exports.DURATION_BUCKETS.length + 1).fill(0),
                sum: 0,
                count: 0,
            };
            routes.set(route, series);
        }
        series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
        let bucket = 0;
        while (bucket < exports.DURATION_BUCKETS.length && seconds > exports.DURATION_BUCKETS[bucket])
            bucket++;
        series.buckets[bucket]++;
        series.sum += seconds;
        series.count++;
    }
    /** pft_http_requests_total's samples. */
    requestSamples() {
        const samples = [];
        for (const series of this.allSeries()) {
            for (const [status, count] of series.statuses) {
                samples.push({ labels: { method: series.method, route: series.route, status }, value: count });
            }
        }
        return samples;
    }
    /** pft_http_request_duration_seconds's samples: cumulative buckets, +Inf, sum and count. */
    durationSamples(name) {
        const samples = [];
        for (const { method, route, buckets, sum, count } of this.allSeries()) {
            let cumulative = 0;
            exports.DURATION_BUCKETS.forEach((le, i) => {
                cumulative += buckets[i];
                samples.push({ metricName: `${name}_bucket`, labels: { method, route, le }, value: cumulative });
            });
            samples.push({ metricName: `${name}_bucket`, labels: { method, route, le: '+Inf' }, value: count });
            samples.push({ metricName: `${name}_sum`, labels: { method, route }, value: sum });
            samples.push({ metricName: `${name}_count`, labels: { method, route }, value: count });
        }
        return samples;
    }
    reset() {
        this.byMethod.clear();
    }
    *allSeries() {
        for (const routes of this.byMethod.values())
            yield* routes.values();
    }
}
exports.HttpRequestStats = HttpRequestStats;
/**
 * Registers a metric whose samples `samples` gives when scraped. The registry asks any metric only
 * for its name and `get()` (or `getForPromString()`); its typings name only prom-client's own classes.
 */
function registerScrapedMetric(name, help, type, samples, reset) {
    if (prom_client_1.register.getSingleMetric(name))
        return;
    const snapshot = () => Promise.resolve({ name, help, type, values: samples(), aggregator: 'sum' });
    const metric = { name, help, type, get: snapshot, getForPromString: snapshot, reset };
    prom_client_1.register.registerMetric(metric);
}
//# sourceMappingURL=http-request-stats.js.map