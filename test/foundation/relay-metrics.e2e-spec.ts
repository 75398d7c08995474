/**
 * The standalone relay (`relay-main.js`, as a deployment may run it apart from the ingestion app)
 * serves its metrics on a port of its own, as the apps do: what it published, whether it holds the
 * lease, and the process's own. Runs the tests' build (`npm run build:test`).
 */
import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@pft/platform';
import {
  appendFlightDeletions,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  startStandaloneRelay,
  type TestDatabase,
  testKafka,
  waitFor,
} from '@pft/testing';
import { get, sample } from './support/scrape';

const EVENTS = 30;

describe('the standalone relay', () => {
  const kafka = testKafka('pft-relay-metrics');
  let database: TestDatabase;
  let db: DataSource;
  let topic: string;
  let relay: Awaited<ReturnType<typeof startStandaloneRelay>> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDataSource(database.url, 2).initialize();
    topic = await createTestTopic(kafka, 'relay-metrics', 3);
  });

  afterAll(async () => {
    await relay?.stop('SIGKILL');
    await deleteTestTopics(kafka, topic ? [topic] : []).catch(() => undefined);
    await db?.destroy();
    await database?.drop();
  });

  it('serves its metrics on a port of its own: events published, its lease, the process; nothing else; and exits 0 on SIGTERM', async () => {
    const pilot = randomUUID();
    for (let written = 0; written < EVENTS; written += 10) {
      await db.transaction((m) => appendFlightDeletions(m, pilot, 10));
    }
    relay = await startStandaloneRelay({
      DATABASE_URL: database.url,
      PILOT_EVENTS_TOPIC: topic,
      PILOT_EVENTS_PARTITIONS: '3',
      LOG_LEVEL: 'info',
    });
    const running = relay;

    const text = await waitFor(
      async () => {
        const scraped = await get(`${running.metricsUrl}/metrics`).catch(() => undefined);
        return scraped?.status === 200 && sample(scraped.text, 'pft_relay_events_published_total') === EVENTS
          ? scraped.text
          : undefined;
      },
      60_000,
      `the relay's metrics to show ${EVENTS} events published\n${running.output()}`,
    );
    expect(sample(text, 'pft_relay_lease_held')).toBe(1);
    expect(sample(text, 'pft_relay_publish_delay_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pft_relay_events_already_published_total')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    const outbox = await db.query<{ n: number }[]>('select count(*)::int as n from event_outbox');
    expect(outbox[0]!.n).toBe(0);

    expect((await get(`${running.metricsUrl}/health/ready`)).status).toBe(404);
    expect((await get(`${running.metricsUrl}/metrics`, {}, 'POST')).status).toBe(404);
    expect(running.output()).toMatch(
      /relaying the outbox to \S+, metrics at http:\/\/127\.0\.0\.1:\d+\/metrics/,
    );

    expect(await running.stop('SIGTERM')).toBe(0);
  });
});
