import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { encodeEventMessage } from '@pft/contracts';
import { createPartner } from '@pft/partners';
import { type KafkaClient } from '@pft/platform';
import { storedFlight, testKafka, waitFor, withProjectionGround } from '@pft/testing';
import { logbookEventMessage, publishMessages, waitForProjection } from '@pft/testing/oracle';
import { madeEndpoint, storeConnection } from '@pft/testing/webhook-ground';
import { notifyTotalsChanges } from '../totals/totals-notifier';
import { WebhooksConfig } from '../webhooks.config';
import { intakeConsumers } from './intake-consumers.test-support';
import { PilotEventsIntakeService } from './pilot-events-intake.service';

/** Flights in the import: its messages are taken in over many fetches of FETCH_BYTES each. */
const FLIGHTS = 1200;
const FETCH_BYTES = 16 * 1024;

/**
 * A logbook import committed as one command (logbook import 2: one write, the events of one command
 * naming its last version), read by the webhooks intake from the topic over many fetches while the
 * projector folds it and the totals notifier looks every few milliseconds: each endpoint gets one
 * `pilot_totals.updated`, sent once the projection holds the whole import.
 */
describe('webhooks: an import of many flights yields one pilot_totals.updated per endpoint (Kafka, Postgres)', () => {
  const kafka = testKafka('pft-webhooks-import-test');
  let ds: DataSource;
  const ground = withProjectionGround(kafka, 10, (made) => (ds = made));

  /**
   * The intake's consumer fetching at most FETCH_BYTES a partition, its batches counted as taken in; each
   * after the first waits for `held` (an intake behind the projector).
   */
  function smallFetches(client: KafkaClient, taken: number[], held: Promise<void>): KafkaClient {
    return intakeConsumers(client, { maxBytesPerPartition: FETCH_BYTES }, async (payload, takeIn) => {
      if (taken.length > 0) await held;
      await takeIn();
      if (payload.batch.messages.length > 0) taken.push(payload.batch.messages.length);
    });
  }

  async function endpointOf(partnerId: string): Promise<string> {
    return madeEndpoint(ds, partnerId, ['pilot_totals.updated']);
  }

  it('tells each endpoint once, after the projection has folded the whole import, however far behind the intake is', async () => {
    const [topic, deadLetters] = await ground.topicPair('webhooks-import', 1);
    const pilot = randomUUID();
    // Two partners linked to the pilot, one of them with two endpoints.
    const first = (await createPartner(ds, 'Import A')).partnerId;
    const second = (await createPartner(ds, 'Import B')).partnerId;
    const endpoints = [await endpointOf(first), await endpointOf(first), await endpointOf(second)];
    for (const partnerId of [first, second])
      await storeConnection(ds, { connection: randomUUID(), partnerId, pilot, linkedAgo: '1 hour' });

    // The import's events as the event store appends them in one command: each names its last version.
    const at = new Date();
    const messages = Array.from({ length: FLIGHTS }, (_, i) => {
      const message = logbookEventMessage(
        pilot,
        {
          stream_version: i + 1,
          event: {
            type: 'FlightRecorded',
            version: 2,
            payload: {
              pilot_account_id: pilot,
              flight: storedFlight({ date: `2025-0${1 + (i % 9)}-1${i % 10}` }),
            },
          },
        },
        at,
        i + 1,
      );
      return {
        key: pilot,
        value: encodeEventMessage({ ...message, metadata: { command_last_version: FLIGHTS } }),
      };
    });

    const taken: number[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const config = Object.assign(new WebhooksConfig(), { PILOT_EVENTS_TOPIC: topic });
    const intake = new PilotEventsIntakeService(smallFetches(kafka, taken, held), ds, config);
    let looking = true;
    const notifier = (async () => {
      while (looking) {
        await notifyTotalsChanges(ds, 0);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const projector = await ground.startConsumer(topic, deadLetters);
    intake.onApplicationBootstrap();
    try {
      await publishMessages(kafka, topic, messages);
      // The intake has read the import's first fetch, and the projector folds the whole import meanwhile.
      await waitFor(() => (taken.length > 0 ? true : undefined), 60_000, 'the first fetch read');
      await waitForProjection(kafka, ds, topic);
      await waitFor(
        async () => ((await told(pilot)).length >= endpoints.length ? true : undefined),
        30_000,
        'the notices',
      );
      // The rest of the import, read once the notices are queued, adds none.
      release();
      await waitFor(() => (sum(taken) >= FLIGHTS ? true : undefined), 90_000, 'the whole import read');
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      release();
      looking = false;
      await notifier;
      await projector.stop();
      await intake.beforeApplicationShutdown();
    }

    expect(taken.length).toBeGreaterThan(2);
    const [projected] = await ds.query<{ stream_version: number; last_updated: Date }[]>(
      `select stream_version, last_updated from pilot_totals_active where pilot_account_id = $1`,
      [pilot],
    );
    expect(projected!.stream_version).toBe(FLIGHTS);
    const notices = await told(pilot);
    expect(notices.map((n) => n.endpoint_id).sort()).toEqual([...endpoints].sort());
    for (const notice of notices)
      expect(JSON.parse(notice.body).data.last_updated).toBe(projected!.last_updated.toISOString());
  }, 180_000);

  const sum = (counts: readonly number[]): number => counts.reduce((a, b) => a + b, 0);

  /** The pilot's pilot_totals.updated queued, to every endpoint. */
  const told = (pilot: string) =>
    ds.query<{ endpoint_id: string; body: string }[]>(
      `select d.endpoint_id, d.body from webhook_deliveries d join connections c on c.connection_id::text = d.ordering_key
        where c.pilot_account_id = $1 and d.type = 'pilot_totals.updated' order by d.delivery_id`,
      [pilot],
    );
});
