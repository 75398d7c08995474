"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.countRateLimited = countRateLimited;
exports.measureHttpRequests = measureHttpRequests;
const prom_client_1 = require("prom-client");
const http_request_stats_1 = require("./http-request-stats");
const metric_once_1 = require("./metric-once");
const stats = new http_request_stats_1.HttpRequestStats();
(0, http_request_stats_1.registerScrapedMetric)('pft_http_requests_total', 'HTTP requests answered, by method, route pattern (`unmatched` for unknown paths) and status code', 'counter', () => stats.requestSamples(), () => stats.reset());
(0, http_request_stats_1.registerScrapedMetric)('pft_http_request_duration_seconds', 'From a request arriving to its answer sent, by method and route pattern', 'histogram', () => stats.durationSamples('pft_http_request_duration_seconds'), () => stats.reset());
const rateLimited = (0, metric_once_1.metricOnce)('pft_http_rate_limited_total', () => new prom_client_1.Counter({
    name: 'pft_http_rate_limited_total',
    help: 'Requests answered 429, by reason: api_key (the key is past its per-minute limit), ' +
        'failed_authentications (the client address failed too often this minute), ' +
        'open_linking_codes (the pilot holds the most unexpired linking codes allowed)',
    labelNames: ['reason'],
}));
/** Counts a 429 where it is decided, the only place that knows why. */
function countRateLimited(reason) {
    rateLimited.inc({ reason });
}
/** Unknown paths share one series: the raw URL would make one per probe a scanner sends. */
const UNMATCHED = 'unmatched';
function routeOf(request) {
    return request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
}
/**
 * One onResponse hook: each answered request counts into pft_http_requests_total and its time into
 * pft_http_request_duration_seconds (HttpRequestStats: plain numbers, made series when scraped).
 */
function measureHttpRequests(fastify) {
    fastify.addHook('onResponse', (request, reply, done) => {
        stats.record(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
        done();
    });
}
//# sourceMappingURL=http-metrics.js.map