import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Counter, Histogram, register, type Metric } from 'prom-client';

/** Created once per process, however many apps a test builds in it. */
function once<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

const requests = once(
  'pft_http_requests_total',
  () =>
    new Counter({
      name: 'pft_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (`unmatched` for unknown paths) and status code',
      labelNames: ['method', 'route', 'status'],
    }),
);

const durations = once(
  'pft_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'pft_http_request_duration_seconds',
      help: 'From a request arriving to its answer sent, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

/** Why a request was answered 429 RATE_LIMITED. */
export type RateLimitReason = 'api_key' | 'failed_authentications' | 'open_linking_codes';

const rateLimited = once(
  'pft_http_rate_limited_total',
  () =>
    new Counter({
      name: 'pft_http_rate_limited_total',
      help:
        'Requests answered 429, by reason: api_key (the key is past its per-minute limit), ' +
        'failed_authentications (the client address failed too often this minute), ' +
        'open_linking_codes (the pilot holds the most unexpired linking codes allowed)',
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
 * pft_http_request_duration_seconds. The series are looked up once each and kept, so a request costs
 * two map look-ups and two additions, not prom-client's hashing of its labels.
 */
export function measureHttpRequests(fastify: FastifyInstance): void {
  const counted = new Map<string, { inc(): void }>();
  const timed = new Map<string, { observe(value: number): void }>();
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    const status = reply.statusCode;
    const timedKey = `${request.method} ${route}`;
    const countedKey = `${timedKey} ${status}`;
    let count = counted.get(countedKey);
    if (count === undefined) {
      count = requests.labels(request.method, route, String(status));
      counted.set(countedKey, count);
    }
    let time = timed.get(timedKey);
    if (time === undefined) {
      time = durations.labels(request.method, route);
      timed.set(timedKey, time);
    }
    count.inc();
    time.observe(reply.elapsedTime / 1000);
    done();
  });
}
