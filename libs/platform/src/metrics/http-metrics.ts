import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { HttpRequestStats, registerScrapedMetric } from './http-request-stats';
import { metricOnce } from './metric-once';

const stats = new HttpRequestStats();
registerScrapedMetric(
  'pft_http_requests_total',
  'HTTP requests answered, by method, route pattern (`unmatched` for unknown paths) and status code',
  'counter',
  () => stats.requestSamples(),
  () => stats.reset(),
);
registerScrapedMetric(
  'pft_http_request_duration_seconds',
  'From a request arriving to its answer sent, by method and route pattern',
  'histogram',
  () => stats.durationSamples('pft_http_request_duration_seconds'),
  () => stats.reset(),
);

/** Why a request was answered 429 RATE_LIMITED. */
export type RateLimitReason =
  'api_key' | 'failed_authentications' | 'open_linking_codes' | 'requirement_checks';

const rateLimited = metricOnce(
  'pft_http_rate_limited_total',
  () =>
    new Counter({
      name: 'pft_http_rate_limited_total',
      help:
        'Requests answered 429, by reason: api_key (the key is past its per-minute limit), ' +
        'failed_authentications (the client address failed too often this minute), ' +
        'open_linking_codes (the pilot holds the most unexpired linking codes allowed), ' +
        'requirement_checks (the partner has made the most checks of the pilot allowed this UTC day)',
      labelNames: ['reason'],
    }),
);

/** Counts a 429 where it is decided, the only place that knows why. */
export function countRateLimited(reason: RateLimitReason): void {
  rateLimited.inc({ reason });
}

/** Unknown paths share one series: the raw URL would make one per probe a scanner sends. */
const UNMATCHED = 'unmatched';

function routeOf(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
}

/**
 * One onResponse hook: each answered request counts into pft_http_requests_total and its time into
 * pft_http_request_duration_seconds (HttpRequestStats: plain numbers, made series when scraped).
 */
export function measureHttpRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    stats.record(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
