import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AppName,
  type AppProcess,
  createServiceEnv,
  freePort,
  type RedisServer,
  startAppProcess,
  startedTogether,
  startRedisServer,
  type ServiceEnv,
  testKafka,
  getJson,
  readinessIs,
  untilReadiness,
} from '@pft/testing';

/** The dependencies each app's readiness reports (which of them it cannot do without: README, Readiness). */
const CHECKS: Record<AppName, Record<string, 'up'>> = {
  'partner-api': { postgres: 'up', redis: 'up' },
  ingestion: { postgres: 'up', kafka: 'up', redis: 'up' },
  projector: { postgres: 'up', kafka: 'up', consumer: 'up', redis: 'up' },
  webhooks: { postgres: 'up', kafka: 'up', consumer: 'up' },
};

describe('each app boots against the real stack', () => {
  const kafka = testKafka('pft-apps-ready');
  /** A database and topics of this test's own, never the ones a running `npm start` uses. */
  let service: ServiceEnv;
  let env: Record<string, string>;
  const running: AppProcess[] = [];

  beforeAll(async () => {
    service = await createServiceEnv(kafka, 'apps-ready', 1);
    env = service.env;
  });

  afterAll(async () => {
    await Promise.all(running.map((app) => app.stop('SIGKILL')));
    await service?.drop();
  });

  it.each<AppName>(['partner-api', 'ingestion', 'projector', 'webhooks'])(
    '%s: ready, live, metrics on their own port, the envelope on 404, and a clean exit on SIGTERM',
    async (name) => {
      const app = await startAppProcess(name, env);
      running.push(app);

      const ready = await getJson(`${app.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(ready.body.data).toEqual({ status: 'ready', checks: CHECKS[name] });
      expect(ready.body.meta).toEqual({
        api_version: 'v1',
        request_id: expect.stringMatching(/^req_[0-9A-HJKMNP-TV-Z]{26}$/),
      });
      expect(ready.headers.get('x-request-id')).toBe(ready.body.meta.request_id);

      const live = await getJson(`${app.url}/health/live`);
      expect(live.status).toBe(200);
      expect(live.body.data).toEqual({ status: 'live' });

      const metrics = await getJson(`${app.metricsUrl}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.body).toContain('process_cpu_user_seconds_total');
      // The Node.js release the project runs on (.nvmrc), whatever the machine's own node is: shown to
      // operators on the metrics port, not to strangers on the API's.
      const release = readFileSync(join(__dirname, '..', '..', '.nvmrc'), 'utf8').trim();
      expect(metrics.body).toContain(`nodejs_version_info{version="v${release}"`);
      expect((await getJson(`${app.url}/metrics`)).status).toBe(404);

      const missing = await getJson(`${app.url}/no/such/path`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
      expect(missing.body.meta.request_id).toMatch(/^req_/);

      expect(await app.stop('SIGTERM')).toBe(0);
    },
  );

  it('ingestion with no broker to reach is ready, degraded, reporting Kafka down', async () => {
    // Nothing listens on a port just found free: a broker that is down.
    const nowhere = `127.0.0.1:${await freePort()}`;
    const app = await startAppProcess('ingestion', { ...env, KAFKA_BROKERS: nowhere });
    running.push(app);
    const ready = await getJson(`${app.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({
      status: 'degraded',
      checks: { postgres: 'up', kafka: 'down', redis: 'up' },
    });
  });

  it('refuses to start on a bad variable, naming it', async () => {
    await expect(startAppProcess('partner-api', { ...env, REDIS_URL: 'nonsense' })).rejects.toThrow(
      /REDIS_URL="nonsense"/,
    );
  });

  it('apps started together: when one refuses to start, those that did start are stopped', async () => {
    const ingestion = startAppProcess('ingestion', env);
    await expect(
      startedTogether([ingestion, startAppProcess('partner-api', { ...env, REDIS_URL: 'nonsense' })]),
    ).rejects.toThrow(/REDIS_URL="nonsense"/);
    const started = await ingestion;
    running.push(started);
    expect(started.child.exitCode ?? started.child.signalCode).not.toBeNull();
  });

  describe('with Redis stopped', () => {
    // A Redis of this test's own: stopping it takes nothing from other tests or a running `npm start`.
    let redis: RedisServer;
    let partnerApi: AppProcess;

    beforeAll(async () => {
      redis = await startRedisServer();
      partnerApi = await startAppProcess('partner-api', { ...env, REDIS_URL: redis.url });
      running.push(partnerApi);
    });

    afterAll(async () => {
      await partnerApi.stop('SIGKILL');
      await redis.close();
    });

    /** Waits for the partner API's readiness to say `status`, answered 200 with these `checks`: the answer. */
    const readinessComesTo = async (
      status: string,
      checks: Record<string, string>,
      timeoutMs: number,
      what: string,
    ): Promise<{ body: any }> => {
      const answer = await untilReadiness(partnerApi, readinessIs(status), timeoutMs, what);
      expect(answer.status).toBe(200);
      expect(answer.body.data.checks).toEqual(checks);
      return answer;
    };

    it('the partner API stays ready, degraded, naming Redis, stays live, and recovers by itself', async () => {
      await redis.stop();

      const degraded = await readinessComesTo(
        'degraded',
        { postgres: 'up', redis: 'down' },
        15000,
        'readiness to notice Redis is gone',
      );
      expect(degraded.body.meta.request_id).toMatch(/^req_/);
      expect((await getJson(`${partnerApi.url}/health/live`)).status).toBe(200);

      await redis.start();
      await readinessComesTo(
        'ready',
        { postgres: 'up', redis: 'up' },
        20000,
        'readiness to come back with Redis',
      );
    });
  });
});
