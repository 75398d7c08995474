import { randomUUID } from 'node:crypto';
import { startAppProcess, waitFor } from '@pft/testing';
import { partnerDatabase } from './metrics-port.harness';
import { get, sample } from './support/scrape';

// The partner API, ingestion and the projector together (metrics, Cache-Control, log lines): metrics-port.e2e-spec.ts.
describe('metrics on a port of their own, no-store on pilot data, JSON log lines', () => {
  const given = partnerDatabase();

  it('a partner API counting rate limits itself (Redis unreachable) says so', async () => {
    const { database, partner } = given;
    const alone = await startAppProcess(
      'partner-api',
      {
        DATABASE_URL: database.url,
        REDIS_URL: 'redis://127.0.0.1:1',
        REDIS_COMMAND_TIMEOUT_MS: '200',
        LOG_LEVEL: 'warn',
      },
      { waitReady: false },
    );
    try {
      await waitFor(
        async () => ((await fetch(`${alone.url}/health/live`).catch(() => undefined))?.ok ? true : undefined),
        30000,
        'the partner API to be live',
      );
      const before = sample((await get(`${alone.metricsUrl}/metrics`)).text, 'pft_rate_limit_redis_fallback');
      expect(before).toBe(0);
      const read = await get(`${alone.url}/v1/pilot-totals?pilot_id=${randomUUID()}`, {
        authorization: `Bearer ${partner.key}`,
      });
      expect(read.status).toBe(404);
      const text = (await get(`${alone.metricsUrl}/metrics`)).text;
      expect(sample(text, 'pft_rate_limit_redis_fallback')).toBe(1);
      expect(sample(text, 'pft_rate_limit_local_counts_total')).toBeGreaterThanOrEqual(1);
    } finally {
      await alone.stop('SIGKILL');
    }
  });
});
