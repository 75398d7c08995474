import Fastify from 'fastify';
import { register } from 'prom-client';
import { countRateLimited, measureHttpRequests } from './http-metrics';

/** The value of one series of a counter, 0 when it has none yet. */
async function valueOf(name: string, labels: Record<string, string>): Promise<number> {
  const metric = await register.getSingleMetric(name)!.get();
  const found = metric.values.find((v) =>
    Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want),
  );
  return found?.value ?? 0;
}

describe('measureHttpRequests', () => {
  const app = Fastify();
  measureHttpRequests(app);
  app.get('/v1/pilots/:id', (_request, reply) => reply.send({ ok: true }));
  app.get('/v1/refused', (_request, reply) => reply.status(429).send({ no: true }));

  afterAll(() => app.close());

  it('counts each answer by method, route pattern and status, and times it by method and route', async () => {
    const before = await valueOf('pft_http_requests_total', {
      method: 'GET',
      route: '/v1/pilots/:id',
      status: '200',
    });
    await app.inject({ method: 'GET', url: '/v1/pilots/a?x=1' });
    await app.inject({ method: 'GET', url: '/v1/pilots/b' });
    await app.inject({ method: 'GET', url: '/v1/refused' });
    await app.inject({ method: 'GET', url: '/no/such/path/123' });

    expect(
      await valueOf('pft_http_requests_total', { method: 'GET', route: '/v1/pilots/:id', status: '200' }),
    ).toBe(before + 2);
    expect(
      await valueOf('pft_http_requests_total', { method: 'GET', route: '/v1/refused', status: '429' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await valueOf('pft_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);

    const text = await register.getSingleMetricAsString('pft_http_request_duration_seconds');
    expect(text).toContain('pft_http_request_duration_seconds_count{method="GET",route="/v1/pilots/:id"} ');
    // The raw URLs never become series.
    const all = await register.metrics();
    expect(all).not.toContain('/v1/pilots/a');
    expect(all).not.toContain('/no/such/path');
  });

  it('counts 429s by the reason given', async () => {
    const before = await valueOf('pft_http_rate_limited_total', { reason: 'api_key' });
    countRateLimited('api_key');
    countRateLimited('api_key');
    expect(await valueOf('pft_http_rate_limited_total', { reason: 'api_key' })).toBe(before + 2);
  });
});
