import { randomUUID } from 'node:crypto';
import { createDataSource } from '@pft/platform';
import {
  createTestDatabase,
  startAppProcess,
  waitFor,
  type AppProcess,
  type TestDatabase,
} from '@pft/testing';
import { type DataSource } from 'typeorm';
import { partnerWithKey } from './partner-api.factories';

/** The built partner API as its own process (`npm run build` first), its JSON log lines read back. */
describe('partner API logs', () => {
  let database: TestDatabase;
  let db: DataSource;
  let api: AppProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDataSource(database.url, 2).initialize();
    // Redis unreachable: the app keeps serving and logs the fault from inside a request.
    api = await startAppProcess(
      'partner-api',
      { DATABASE_URL: database.url, REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'info' },
      { waitReady: false },
    );
    await waitFor(
      async () => ((await fetch(`${api.url}/health/live`).catch(() => undefined))?.ok ? true : undefined),
      30000,
      'the partner API to be live',
    );
  });
  afterAll(async () => {
    await api.stop();
    await db.destroy();
    await database.drop();
  });

  const lines = (): Record<string, unknown>[] =>
    api
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('carries the request id on every line logged while serving a request, and never the key', async () => {
    const partner = await partnerWithKey(db);
    const res = await fetch(`${api.url}/v1/pilot-totals?pilot_id=${randomUUID()}`, {
      headers: { authorization: `Bearer ${partner.key}` },
    });
    expect(res.status).toBe(404);
    const requestId = res.headers.get('x-request-id')!;
    const mine = await waitFor(
      () => {
        const found = lines().filter((l) => JSON.stringify(l).includes(requestId));
        return found.some((l) => String(l.msg).includes('Redis unreachable')) &&
          found.some((l) => String(l.msg).includes('request completed'))
          ? found
          : undefined;
      },
      10000,
      'the log lines of the request',
    );
    for (const line of mine) expect(line.reqId).toBe(requestId);
    expect(api.output()).not.toContain(partner.key);
  });
});
