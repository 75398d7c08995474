/**
 * The webhook dispatcher's readiness follows what it needs: Postgres (the deliveries), Kafka and its
 * consumer in its group (the events). With its database taken away through a proxy it is not ready,
 * naming Postgres, stays live, reports the dependency on its metrics port, and is ready again by
 * itself once the database is back. Runs the tests' build (`npm run build:test`).
 */
import {
  type AppProcess,
  createServiceEnv,
  type ServiceEnv,
  startAppProcess,
  TcpProxy,
  testKafka,
  untilReadiness,
} from '@pft/testing';
import { get, sample } from '../foundation/support/scrape';

interface Readiness {
  status: number;
  body: {
    data?: { status: string; checks: Record<string, string> };
    error?: { code: string; message: string; details: unknown[] };
  };
}

describe('webhook dispatcher readiness', () => {
  const kafka = testKafka('pft-webhooks-readiness');
  let service: ServiceEnv;
  let proxy: TcpProxy;
  let webhooks: AppProcess | undefined;

  beforeAll(async () => {
    service = await createServiceEnv(kafka, 'webhooks-readiness', 1);
    proxy = await TcpProxy.start(service.env.DATABASE_URL!);
  });

  afterAll(async () => {
    await webhooks?.stop('SIGKILL');
    await proxy?.close();
    await service?.drop();
  });

  const readiness = async (): Promise<Readiness> => {
    const answer = await get(`${webhooks!.url}/health/ready`);
    return { status: answer.status, body: JSON.parse(answer.text) as Readiness['body'] };
  };
  const dependencyUp = async (dependency: string): Promise<number | undefined> =>
    sample((await get(`${webhooks!.metricsUrl}/metrics`)).text, 'pft_dependency_up', { dependency });

  it('is not ready without Postgres, naming it, stays live, and is ready again once it is back', async () => {
    webhooks = await startAppProcess('webhooks', {
      ...service.env,
      DATABASE_URL: proxy.rewrite(service.env.DATABASE_URL!),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_QUERY_TIMEOUT_MS: '2000',
    });
    const ready = await readiness();
    expect(ready).toEqual({
      status: 200,
      body: expect.objectContaining({
        data: { status: 'ready', checks: { postgres: 'up', kafka: 'up', consumer: 'up' } },
      }),
    });
    expect(await dependencyUp('consumer')).toBe(1);

    await proxy.refuse();
    const down = await untilReadiness(
      webhooks,
      (r) => r.status === 503,
      15_000,
      'the dispatcher to be not ready without Postgres',
    );
    expect(down.body.error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Not ready: postgres unavailable',
      details: [{ field: 'postgres', issue: 'unavailable' }],
    });
    expect((await get(`${webhooks.url}/health/live`)).status).toBe(200);
    expect(await dependencyUp('postgres')).toBe(0);

    await proxy.restore();
    const back = await untilReadiness(
      webhooks,
      (r) => r.status === 200,
      20_000,
      'the dispatcher to be ready again with Postgres',
    );
    expect(back.body.data).toEqual({
      status: 'ready',
      checks: { postgres: 'up', kafka: 'up', consumer: 'up' },
    });
    expect(await dependencyUp('postgres')).toBe(1);
  });
});
