import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  type AppName,
  type AppProcess,
  createTestDatabase,
  startAppProcess,
  type TestDatabase,
  waitFor,
} from '@pft/testing';

const REDIS_SCRIPT = join(__dirname, '..', '..', 'scripts', 'stack', 'redis.sh');

async function get(url: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(url);
  const text = await response.text();
  return {
    status: response.status,
    body: text.startsWith('{') ? JSON.parse(text) : text,
    headers: response.headers,
  };
}

describe('each app boots against the real stack', () => {
  let db: TestDatabase;
  const running: AppProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(running.map((app) => app.stop('SIGKILL')));
    await db.drop();
  });

  it.each<AppName>(['partner-api', 'ingestion', 'projector'])(
    '%s: ready, live, metrics on their own port, the envelope on 404, and a clean exit on SIGTERM',
    async (name) => {
      const app = await startAppProcess(name, { DATABASE_URL: db.url });
      running.push(app);

      const ready = await get(`${app.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(ready.body.data.status).toBe('ready');
      expect(ready.body.meta).toEqual({
        api_version: 'v1',
        request_id: expect.stringMatching(/^req_[0-9A-HJKMNP-TV-Z]{26}$/),
      });
      expect(ready.headers.get('x-request-id')).toBe(ready.body.meta.request_id);

      expect((await get(`${app.url}/health/live`)).status).toBe(200);

      const metrics = await get(`${app.metricsUrl}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.body).toContain('process_cpu_user_seconds_total');
      expect((await get(`${app.url}/metrics`)).status).toBe(404);

      const missing = await get(`${app.url}/no/such/path`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
      expect(missing.body.meta.request_id).toMatch(/^req_/);

      expect(await app.stop('SIGTERM')).toBe(0);
    },
  );

  it('refuses to start on a bad variable, naming it', async () => {
    await expect(
      startAppProcess('partner-api', { DATABASE_URL: db.url, REDIS_URL: 'nonsense' }),
    ).rejects.toThrow(/REDIS_URL="nonsense"/);
  });

  describe('with Redis stopped', () => {
    let partnerApi: AppProcess;

    beforeAll(async () => {
      partnerApi = await startAppProcess('partner-api', { DATABASE_URL: db.url });
      running.push(partnerApi);
    });

    afterAll(() => {
      execFileSync('bash', [REDIS_SCRIPT, 'start'], { stdio: 'ignore' });
    });

    it('the partner API answers ready 503 naming Redis, stays live, and recovers by itself', async () => {
      execFileSync('bash', [REDIS_SCRIPT, 'stop'], { stdio: 'ignore' });

      const notReady = await waitFor(
        async () => {
          const r = await get(`${partnerApi.url}/health/ready`);
          return r.status === 503 ? r : undefined;
        },
        15000,
        'readiness to notice Redis is gone',
      );
      expect(notReady.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(notReady.body.error.details).toEqual([{ field: 'redis', issue: 'unavailable' }]);
      expect(notReady.headers.get('retry-after')).toBe('5');
      expect(notReady.body.meta.request_id).toMatch(/^req_/);
      expect((await get(`${partnerApi.url}/health/live`)).status).toBe(200);

      execFileSync('bash', [REDIS_SCRIPT, 'start'], { stdio: 'ignore' });
      const back = await waitFor(
        async () => {
          const r = await get(`${partnerApi.url}/health/ready`);
          return r.status === 200 ? r : undefined;
        },
        20000,
        'readiness to come back with Redis',
      );
      expect(back.body.data.checks).toEqual({ postgres: 'up', redis: 'up' });
    });
  });
});
