import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { type DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { createDataSource } from '@pft/platform';
import { sharedPayloadSealing } from '@pft/privacy';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { appendEvents } from './event-store';
import { OUTBOX_STATE_SQL, type OutboxState, reportOutboxState } from './outbox-metrics';

/** The gauge's value as a scrape reads it. */
async function scraped(name: string): Promise<number> {
  const metric = await register.getSingleMetric(name)!.get();
  return metric.values[0]!.value;
}

describe('outbox metrics (Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let stop: () => void;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, 2).initialize();
  });
  afterAll(async () => {
    stop?.();
    await ds.destroy();
    await db.drop();
  });

  const read = async (): Promise<OutboxState> => {
    const [row] = await ds.query<{ events: number; oldest_age_seconds: number }[]>(OUTBOX_STATE_SQL);
    return { events: row!.events, oldestAgeSeconds: row!.oldest_age_seconds };
  };

  it('reports the events not yet published and the oldest one’s age, 0 once the outbox is empty', async () => {
    stop = reportOutboxState(read);
    expect(await scraped('pft_outbox_events')).toBe(0);
    expect(await scraped('pft_outbox_oldest_event_age_seconds')).toBe(0);

    const pilot = randomUUID();
    await ds.transaction((m) =>
      appendEvents(
        m,
        logbookStreamId(pilot),
        0,
        [1, 2, 3].map(() => ({
          type: 'FlightDeleted' as const,
          payload: { pilot_account_id: pilot, flight_id: randomUUID() },
        })),
        {},
        { sealer: sharedPayloadSealing() },
      ),
    );
    // The oldest committed a minute ago, as when the relay has been unable to publish since.
    await ds.query(
      `update events set occurred_at = now() - interval '60 seconds'
        where position = (select min(position) from event_outbox)`,
    );
    expect(await scraped('pft_outbox_events')).toBe(3);
    const age = await scraped('pft_outbox_oldest_event_age_seconds');
    expect(age).toBeGreaterThanOrEqual(60);
    expect(age).toBeLessThan(3600);

    await ds.query('delete from event_outbox');
    expect(await scraped('pft_outbox_events')).toBe(0);
    expect(await scraped('pft_outbox_oldest_event_age_seconds')).toBe(0);
  });

  it('reports NaN, not a stale or zero value, while the database cannot say or nothing reports', async () => {
    stop();
    const failing = reportOutboxState(() => Promise.reject(new Error('database unreachable')));
    expect(await scraped('pft_outbox_events')).toBeNaN();
    expect(await scraped('pft_outbox_oldest_event_age_seconds')).toBeNaN();
    failing();
    expect(await scraped('pft_outbox_events')).toBeNaN();
  });
});
