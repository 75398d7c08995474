import { randomUUID } from 'node:crypto';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import { linkedPilots, waitFor } from '@pft/testing';
import { keyFor } from '../partner-api/partner-api.factories';
import { JWT_SECRET, metricsPortApps } from './metrics-port.harness';
import { get, jsonLines, sample } from './support/scrape';

// These tests share the three apps, in order: the metrics the third reads count the requests of the first
// two, and the last stops the apps to read what they printed. A partner API of its own counting rate
// limits itself (Redis unreachable): metrics-port-redis-fallback.e2e-spec.ts.
describe('metrics on a port of their own, no-store on pilot data, JSON log lines', () => {
  const apps = metricsPortApps();

  it('the API ports answer /metrics 404 in the usual envelope; the metrics ports answer nothing else', async () => {
    const { partnerApi, ingestion, projector } = apps;
    for (const app of [partnerApi, ingestion, projector]) {
      const onApi = await get(`${app.url}/metrics`);
      expect({ app: app.name, status: onApi.status }).toEqual({ app: app.name, status: 404 });
      const body = JSON.parse(onApi.text) as { error: { code: string }; meta: { request_id: string } };
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.meta.request_id).toMatch(/^req_/);

      const onMetrics = await get(`${app.metricsUrl}/metrics`);
      expect(onMetrics.status).toBe(200);
      expect(onMetrics.headers.get('content-type')).toContain('text/plain');
      expect(onMetrics.text).toContain('process_cpu_user_seconds_total');
      expect((await get(`${app.metricsUrl}/health/ready`)).status).toBe(404);
      expect((await get(`${app.metricsUrl}/metrics`, {}, 'POST')).status).toBe(404);
    }
  });

  it('pilot data and every other API answer carry Cache-Control: no-store; the rating dictionary keeps its caching and its 304', async () => {
    const { partnerApi, ingestion, projector, partner } = apps;
    const auth = { authorization: `Bearer ${partner.key}` };
    const [pilot] = await linkedPilots(
      { ingestion: ingestion.url, partnerApi: partnerApi.url },
      partner.key,
      JWT_SECRET,
      1,
    );
    const single = await waitFor(
      async () => {
        const r = await get(`${partnerApi.url}/v1/pilot-totals?pilot_id=${pilot!.pilotId}`, auth);
        return r.status === 200 ? r : undefined;
      },
      30000,
      'the linked pilot to be readable',
    );
    const batch = await get(`${partnerApi.url}/v1/pilot-totals/batch?pilot_ids=${pilot!.pilotId}`, auth);
    expect(batch.status).toBe(200);

    const other = mintPilotToken(JWT_SECRET, randomUUID(), 600);
    const pilotAuth = { authorization: `Bearer ${other}` };
    const code = await fetch(`${ingestion.url}/pilot/v1/linking-codes`, {
      method: 'POST',
      headers: pilotAuth,
    });
    expect(code.status).toBe(201);
    expect(code.headers.get('cache-control')).toBe('no-store');
    const { linking_token } = ((await code.json()) as { data: { linking_token: string } }).data;
    const link = await fetch(`${partnerApi.url}/v1/link`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ linking_token }),
    });
    expect(link.status).toBe(200);

    const answers = {
      single,
      batch,
      link: { status: link.status, headers: link.headers },
      unknownPilot: await get(`${partnerApi.url}/v1/pilot-totals?pilot_id=${randomUUID()}`, auth),
      withoutKey: await get(`${partnerApi.url}/v1/pilot-totals?pilot_id=${pilot!.pilotId}`),
      pilotTotals: await get(`${ingestion.url}/pilot/v1/totals`, pilotAuth),
      pilotFlights: await get(`${ingestion.url}/pilot/v1/flights`, pilotAuth),
      pilotConnections: await get(`${ingestion.url}/pilot/v1/connections`, pilotAuth),
      pilotWithoutToken: await get(`${ingestion.url}/pilot/v1/totals`),
      projectorReady: await get(`${projector.url}/health/ready`),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, cacheControl: answer.headers.get('cache-control') }).toEqual({
        name,
        cacheControl: 'no-store',
      });
    }
    expect(answers.unknownPilot.status).toBe(404);
    expect(answers.withoutKey.status).toBe(401);
    expect(answers.pilotTotals.status).toBe(200);
    expect(answers.pilotWithoutToken.status).toBe(401);

    const dictionary = await get(`${partnerApi.url}/v1/rating-dictionary`, auth);
    expect(dictionary.status).toBe(200);
    expect(dictionary.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = dictionary.headers.get('etag')!;
    const again = await get(`${partnerApi.url}/v1/rating-dictionary`, { ...auth, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('the metrics ports serve requests by route and status, latency, 429s by reason, the Redis fallback, the outbox and the projection lag', async () => {
    const { partnerApi, ingestion, projector, partner, db } = apps;
    // Failed authentications past PARTNER_AUTH_FAILURES_PER_MINUTE (2) this minute: 401s, then 429.
    const bad = { authorization: 'Bearer pft_live_00000000000000000000000000000000' };
    const refused: number[] = [];
    while (refused.at(-1) !== 429 && refused.length < 6) {
      refused.push((await get(`${partnerApi.url}/v1/pilot-totals?pilot_id=${randomUUID()}`, bad)).status);
    }
    expect(refused.at(-1)).toBe(429);
    expect(refused.slice(0, -1).every((status) => status === 401)).toBe(true);
    // A key allowed one request a minute: its second (or, past a minute's end, third) is 429.
    const slow = await keyFor(db, partner.partnerId, { rateLimit: 1 });
    const limited: number[] = [];
    while (limited.at(-1) !== 429 && limited.length < 3) {
      const r = await get(`${partnerApi.url}/v1/pilot-totals?pilot_id=${randomUUID()}`, {
        authorization: `Bearer ${slow.key}`,
      });
      limited.push(r.status);
    }
    expect(limited.at(-1)).toBe(429);
    // A pilot holding the most unexpired linking codes allowed (10) gets 429 for the next.
    const token = mintPilotToken(JWT_SECRET, randomUUID(), 600);
    const issued = [];
    for (let i = 0; i < 11; i++) {
      const r = await fetch(`${ingestion.url}/pilot/v1/linking-codes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await r.arrayBuffer();
      issued.push(r.status);
    }
    expect(issued.at(-1)).toBe(429);

    const partnerMetrics = (await get(`${partnerApi.metricsUrl}/metrics`)).text;
    const route = '/v1/pilot-totals';
    expect(
      sample(partnerMetrics, 'pft_http_requests_total', { method: 'GET', route, status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    // One 429 of each reason on this route.
    expect(sample(partnerMetrics, 'pft_http_requests_total', { method: 'GET', route, status: '429' })).toBe(
      2,
    );
    // Those before the failed authentications' 429, and the read without a key above.
    expect(sample(partnerMetrics, 'pft_http_requests_total', { method: 'GET', route, status: '401' })).toBe(
      refused.length,
    );
    expect(
      sample(partnerMetrics, 'pft_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    const count = sample(partnerMetrics, 'pft_http_request_duration_seconds_count', { method: 'GET', route });
    expect(count).toBeGreaterThanOrEqual(5);
    expect(
      sample(partnerMetrics, 'pft_http_request_duration_seconds_bucket', {
        method: 'GET',
        route,
        le: '+Inf',
      }),
    ).toBe(count);
    expect(
      sample(partnerMetrics, 'pft_http_request_duration_seconds_sum', { method: 'GET', route }),
    ).toBeGreaterThan(0);
    expect(sample(partnerMetrics, 'pft_http_rate_limited_total', { reason: 'api_key' })).toBe(1);
    expect(sample(partnerMetrics, 'pft_http_rate_limited_total', { reason: 'failed_authentications' })).toBe(
      1,
    );
    expect(sample(partnerMetrics, 'pft_rate_limit_redis_fallback')).toBe(0);
    // Route patterns only: no raw URL (with its pilot id) becomes a series.
    expect(partnerMetrics).not.toMatch(/route="[^"]*\?/);
    expect(partnerMetrics).not.toContain('route="/metrics"');

    const ingestionMetrics = (await get(`${ingestion.metricsUrl}/metrics`)).text;
    expect(
      sample(ingestionMetrics, 'pft_http_requests_total', {
        method: 'POST',
        route: '/pilot/v1/linking-codes',
        status: '201',
      }),
    ).toBeGreaterThanOrEqual(10);
    expect(sample(ingestionMetrics, 'pft_http_rate_limited_total', { reason: 'open_linking_codes' })).toBe(1);
    const outboxEvents = sample(ingestionMetrics, 'pft_outbox_events');
    const outboxAge = sample(ingestionMetrics, 'pft_outbox_oldest_event_age_seconds');
    expect(outboxEvents).toBeGreaterThanOrEqual(0);
    expect(outboxAge).toBeGreaterThanOrEqual(0);
    // The relay publishes what was written: the outbox empties and its age is then 0.
    await waitFor(
      async () => {
        const text = (await get(`${ingestion.metricsUrl}/metrics`)).text;
        return sample(text, 'pft_outbox_events') === 0 &&
          sample(text, 'pft_outbox_oldest_event_age_seconds') === 0
          ? true
          : undefined;
      },
      30000,
      'the outbox to be published',
    );

    const lag = await waitFor(
      async () => {
        const text = (await get(`${projector.metricsUrl}/metrics`)).text;
        return text.includes('pft_projection_lag_messages{') ? text : undefined;
      },
      30000,
      'the projector to report its lag',
    );
    expect(sample(lag, 'pft_projection_lag_messages', { projection: 'pilot_totals' })).toBeGreaterThanOrEqual(
      0,
    );
    // Nothing is held back between single flights' events.
    expect(sample(lag, 'pft_projection_held_messages', { projection: 'pilot_totals' })).toBe(0);
    expect(
      sample(lag, 'pft_http_requests_total', { method: 'GET', route: '/health/ready', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('every line an app prints is JSON with the time it was written, from its start to its shutdown', async () => {
    const { partnerApi, ingestion, projector, startedAt } = apps;
    const codes = await Promise.all([partnerApi, ingestion, projector].map((app) => app.stop('SIGTERM')));
    expect(codes).toEqual([0, 0, 0]);
    const stoppedAt = Date.now();
    for (const app of [partnerApi, ingestion, projector]) {
      const lines = jsonLines(app);
      const messages = lines.map((line) => String(line.msg));
      expect(messages).toEqual(
        expect.arrayContaining([
          'Starting Nest application...',
          expect.stringMatching(
            new RegExp(`^${app.name} listening on http://127\\.0\\.0\\.1:\\d+, metrics at `),
          ),
          'SIGTERM received, shutting down',
        ]),
      );
      const times = lines.map((line) => line.time as number);
      for (const time of times) {
        expect(time).toBeGreaterThanOrEqual(startedAt);
        expect(time).toBeLessThanOrEqual(stoppedAt);
      }
      // In the order written: each line is stamped when it is written.
      expect(times).toEqual([...times].sort((a, b) => a - b));
      // Connected to Kafka (each app checks it for readiness), and no process warning on any
      // connection, such as the Kafka client's negative timeout under Node 24.
      expect(lines.filter((line) => line.warning !== undefined && line.warning !== 'TestWarning')).toEqual(
        [],
      );
    }
    const projectorLines = jsonLines(projector);
    expect(projectorLines.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/^consuming \S+ into pilot_totals version 1$/),
    );
    // Node's own printer replaced: the preloaded warning is a JSON line at level warn, with its name.
    expect(projectorLines).toContainEqual(
      expect.objectContaining({
        level: 40,
        context: 'process',
        warning: 'TestWarning',
        msg: 'emitted by the test before the app started',
      }),
    );
  });
});
