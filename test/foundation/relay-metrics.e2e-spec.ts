/**
 * The standalone relay (`relay-main.js`, as a deployment may run it apart from the ingestion app)
 * serves its metrics on a port of its own, as the apps do: what it published, whether it holds the
 * lease, and the process's own. Runs the tests' build (`npm run build:test`).
 */
import { randomUUID } from 'node:crypto';
import { appendFlightDeletions, freePort, relayGround, startStandaloneRelay, waitFor } from '@pft/testing';
import { get, sample } from './support/scrape';

const EVENTS = 30;

describe('the standalone relay', () => {
  let relay: ReturnType<typeof startStandaloneRelay> | undefined;
  let standby: ReturnType<typeof startStandaloneRelay> | undefined;

  // Declared before the ground: the relays stop before its database is dropped.
  afterAll(async () => {
    await relay?.stop('SIGKILL');
    await standby?.stop('SIGKILL');
  });
  const ground = relayGround('relay-metrics');

  it('serves its metrics on a port of its own: events published, its lease, the process; nothing else; and exits 0 on SIGTERM; a second one beside it on a port the system picks, standing by', async () => {
    const { db, ds, topic } = ground;
    const pilot = randomUUID();
    for (let written = 0; written < EVENTS; written += 10) {
      await ds.transaction((m) => appendFlightDeletions(m, pilot, 10));
    }
    const metricsPort = await freePort();
    relay = startStandaloneRelay({
      DATABASE_URL: db.url,
      PILOT_EVENTS_TOPIC: topic,
      PILOT_EVENTS_PARTITIONS: '3',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'info',
    });
    const running = { ...relay, metricsUrl: `http://127.0.0.1:${metricsPort}` };

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
    const outbox = await ds.query<{ n: number }[]>('select count(*)::int as n from event_outbox');
    expect(outbox[0]!.n).toBe(0);

    expect((await get(`${running.metricsUrl}/health/ready`)).status).toBe(404);
    expect((await get(`${running.metricsUrl}/metrics`, {}, 'POST')).status).toBe(404);
    expect(running.output()).toContain(`, metrics at http://127.0.0.1:${metricsPort}/metrics`);

    // A second relay beside it, METRICS_PORT unset by the helper's choice of 0: on a port the
    // system picks, named in its start line, and standing by (the first one holds the lease).
    standby = startStandaloneRelay({
      DATABASE_URL: db.url,
      PILOT_EVENTS_TOPIC: topic,
      PILOT_EVENTS_PARTITIONS: '3',
      LOG_LEVEL: 'info',
    });
    const second = standby;
    const standbyUrl = await waitFor(
      () => /, metrics at (http:\/\/127\.0\.0\.1:\d+)\/metrics/.exec(second.output())?.[1],
      30_000,
      "the second relay's start line",
    );
    expect(standbyUrl).not.toBe(running.metricsUrl);
    expect(standbyUrl).not.toMatch(/:0$/);
    const standbyText = (await get(`${standbyUrl}/metrics`)).text;
    expect(sample(standbyText, 'pft_relay_lease_held')).toBe(0);
    expect(sample(standbyText, 'pft_relay_events_published_total')).toBe(0);

    expect(await Promise.all([running.stop('SIGTERM'), second.stop('SIGTERM')])).toEqual([0, 0]);
  });
});
