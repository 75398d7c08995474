import { randomUUID } from 'node:crypto';
import { KAFKA_CLIENTS } from '@pft/platform/kafka/kafka.port';
import { type EventMessage } from '@pft/contracts';
import { createKafka } from '@pft/platform';
import {
  appendFlightDeletions,
  collectPublished,
  relayGround,
  TEST_KAFKA_BROKERS,
  versionsByStream,
  waitFor,
} from '@pft/testing';
import { OutboxRelay } from './outbox-relay';

const PILOTS = 50;
const EVENTS = 5000;
const WRITERS = 8;

/**
 * The relay under load, publishing with each Kafka client (RELAY_KAFKA_CLIENT), what it published read
 * back with kafkajs. Its lease is tested in outbox-relay.lease.int-spec.ts, its connection to Postgres
 * in outbox-relay.connection.int-spec.ts, each event published once through failures in
 * outbox-relay.once.int-spec.ts.
 */
describe.each(KAFKA_CLIENTS)(
  'outbox relay on %s: every event once, each pilot in order (Postgres + Kafka)',
  (client) => {
    /** Its `kafka` reads the topic back. */
    const ground = relayGround('relay', { poolSize: WRITERS + 2, partitions: 6 });
    /** What the relay publishes with. */
    const relayKafka = createKafka(TEST_KAFKA_BROKERS, 'relay-test', undefined, undefined, client);

    it('publishes every event of 8 concurrent writers once, each pilot in order, while they write', async () => {
      const { db, ds, kafka, topic } = ground;
      const pilots = Array.from({ length: PILOTS }, () => randomUUID());
      const relay = new OutboxRelay({
        databaseUrl: db.url,
        kafka: relayKafka,
        topic,
        batchSize: 200,
        pollIntervalMs: 50,
      });
      relay.start();
      const { messages, consumer } = await collectPublished(kafka, topic);
      try {
        let remaining = EVENTS;
        const writer = async (): Promise<void> => {
          while (remaining > 0) {
            const count = Math.min(remaining, 1 + Math.floor(Math.random() * 9));
            remaining -= count;
            const pilot = pilots[Math.floor(Math.random() * PILOTS)]!;
            await ds.transaction(async (m) => {
              await appendFlightDeletions(m, pilot, count);
              // Holding some transactions open makes smaller positions commit after larger ones.
              if (Math.random() < 0.2) await new Promise((r) => setTimeout(r, Math.random() * 5));
            });
          }
        };
        await Promise.all(Array.from({ length: WRITERS }, writer));
        await waitFor(
          () => (messages.length >= EVENTS ? true : undefined),
          60_000,
          'every event on the topic',
        );
        await new Promise((r) => setTimeout(r, 300));

        const stored: { event_id: string }[] = await ds.query('select event_id::text from events');
        expect(stored).toHaveLength(EVENTS);
        const ids = messages.map((m) => m.event_id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set(stored.map((s) => s.event_id)));
        for (const [, versions] of versionsByStream(messages)) {
          expect(versions).toEqual(versions.map((_, i) => i + 1));
        }
        const [{ n }] = await ds.query('select count(*)::int as n from event_outbox');
        expect(n).toBe(0);

        // Each message is its event as stored, every field.
        const events: (Omit<EventMessage, 'occurred_at' | 'pilot_account_id'> & { occurred_at: Date })[] =
          await ds.query(
            `select event_id::text as event_id, type, schema_version as version, stream_id, stream_version,
                  position::text as position, occurred_at, payload, metadata
             from events order by position`,
          );
        const published = new Map(messages.map((m) => [m.event_id, m]));
        expect(events.map((e) => published.get(e.event_id))).toEqual(
          events.map((e) => ({
            ...e,
            pilot_account_id: (e.payload as { pilot_account_id: string }).pilot_account_id,
            occurred_at: e.occurred_at.toISOString(),
          })),
        );
      } finally {
        await consumer.disconnect();
        await relay.stop();
      }
    });

    it('sends a trickle of commits, each waking it, in batches of the commits of its linger', async () => {
      const { db, ds, topic } = ground;
      /** The sizes of the batches that publish `commits` commits of one event, `gapMs` apart. */
      const batches = async (lingerMs: number, commits: number, gapMs: number): Promise<number[]> => {
        const sizes: number[] = [];
        const relay = new OutboxRelay({
          databaseUrl: db.url,
          kafka: relayKafka,
          topic,
          pollIntervalMs: 1000,
          lingerMs,
          onPublished: (count) => sizes.push(count),
        });
        relay.start();
        try {
          await waitFor(() => (relay.isLeader ? true : undefined), 10_000, 'the relay to lead');
          const pilot = randomUUID();
          for (let i = 0; i < commits; i++) {
            await ds.transaction((m) => appendFlightDeletions(m, pilot, 1));
            // As the ingestion app wakes the relay after each commit.
            relay.wake();
            await new Promise((r) => setTimeout(r, gapMs));
          }
          const total = (): number => sizes.reduce((sum, n) => sum + n, 0);
          await waitFor(() => (total() >= commits ? true : undefined), 30_000, 'every commit published');
          expect(total()).toBe(commits);
        } finally {
          await relay.stop();
        }
        return sizes;
      };
      // Without a linger, a commit 30 ms after the last goes out in a batch of its own.
      expect((await batches(0, 10, 30)).length).toBeGreaterThanOrEqual(5);
      // With 300 ms, ten commits made within about 150 ms go out together.
      expect((await batches(300, 10, 10)).length).toBeLessThanOrEqual(2);
    });
  },
);
