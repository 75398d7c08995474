import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { type EventConsumer, type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { Client } from 'pg';
import { type DataSource, type EntityManager } from 'typeorm';
import { decodeEventEnvelope, logbookStreamId, type EventMessage } from '@pft/contracts';
import { createDataSource } from '@pft/platform';
import {
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  TcpProxy,
  TEST_KAFKA_BROKERS,
  testKafka,
  waitFor,
  type TestDatabase,
} from '@pft/testing';
import { appendEvents } from './event-store';
import { OutboxRelay } from './outbox-relay';
import { relayConnectionConfig } from './outbox-relay.options';

const ROOT = resolve(__dirname, '../../..');
const PILOTS = 50;
const EVENTS = 5000;
const WRITERS = 8;

/** Collects every message of `topic` from the start, decoded. */
async function collect(
  kafka: KafkaClient,
  topic: string,
): Promise<{ messages: EventMessage[]; consumer: EventConsumer }> {
  const messages: EventMessage[] = [];
  const consumer = kafka.consumer({ groupId: `test-${randomUUID()}`, maxWaitTimeMs: 50 });
  await consumer.connect();
  await consumer.subscribe([topic], { fromBeginning: true });
  await consumer.run({
    eachMessage: ({ message }) => {
      const decoded = decodeEventEnvelope(message.value);
      if (!decoded.ok) throw new Error(decoded.reason);
      if (message.key?.toString() !== decoded.message.pilot_account_id)
        throw new Error('key is not the pilot');
      messages.push(decoded.message);
      return Promise.resolve();
    },
  });
  return { messages, consumer };
}

/**
 * A relay in a process of its own (run from the sources), so that it can be frozen with SIGSTOP:
 * everything it logs is kept.
 */
function startRelayProcess(databaseUrl: string, topic: string) {
  const script = `
    const { OutboxRelay } = require(${JSON.stringify(resolve(__dirname, 'outbox-relay.ts'))});
    const { createKafka } = require('@pft/platform');
    const say = (m) => console.log(m);
    const relay = new OutboxRelay({
      databaseUrl: process.env.DATABASE_URL, topic: process.env.TOPIC, pollIntervalMs: 50,
      kafka: createKafka(process.env.KAFKA_BROKERS, 'relay-freeze-test'), logger: { log: say, warn: say, error: say },
    });
    relay.start();
    process.on('SIGTERM', () => void relay.stop().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['-r', './test/ingestion/support/register-ts.js', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, TOPIC: topic, KAFKA_BROKERS: TEST_KAFKA_BROKERS },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  return { child, output: () => output, exited };
}

/** Appends `count` events (flight deletions) to a pilot's logbook stream. */
function appendDeletions(m: EntityManager, pilot: string, count: number): Promise<unknown> {
  return appendEvents(
    m,
    logbookStreamId(pilot),
    'any',
    Array.from({ length: count }, () => ({
      type: 'FlightDeleted' as const,
      payload: { pilot_account_id: pilot, flight_id: randomUUID() },
    })),
    { request_id: `req_${randomUUID()}` },
  );
}

/** Each stream's versions in the order they arrived, first arrivals only. */
function versionsByStream(messages: EventMessage[]): Map<string, number[]> {
  const seen = new Set<string>();
  const byStream = new Map<string, number[]>();
  for (const m of messages) {
    if (seen.has(m.event_id)) continue;
    seen.add(m.event_id);
    byStream.set(m.stream_id, [...(byStream.get(m.stream_id) ?? []), m.stream_version]);
  }
  return byStream;
}

describe('outbox relay (Postgres + Kafka)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let kafka: KafkaClient;
  let topic: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, WRITERS + 2).initialize();
    kafka = testKafka('relay-test');
    topic = await createTestTopic(kafka, 'relay', 6);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
    await deleteTestTopics(kafka, [topic]);
  });

  it('publishes every event of 8 concurrent writers once, each pilot in order, while they write', async () => {
    const pilots = Array.from({ length: PILOTS }, () => randomUUID());
    const relay = new OutboxRelay({ databaseUrl: db.url, kafka, topic, batchSize: 200, pollIntervalMs: 50 });
    relay.start();
    const { messages, consumer } = await collect(kafka, topic);
    try {
      let remaining = EVENTS;
      const writer = async (): Promise<void> => {
        while (remaining > 0) {
          const count = Math.min(remaining, 1 + Math.floor(Math.random() * 9));
          remaining -= count;
          const pilot = pilots[Math.floor(Math.random() * PILOTS)]!;
          await ds.transaction(async (m) => {
            await appendDeletions(m, pilot, count);
            // Holding some transactions open makes smaller positions commit after larger ones.
            if (Math.random() < 0.2) await new Promise((r) => setTimeout(r, Math.random() * 5));
          });
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      await waitFor(() => (messages.length >= EVENTS ? true : undefined), 60_000, 'every event on the topic');
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

  it('lets only one relay publish at a time; the other takes over when it stops', async () => {
    const own = await createTestDatabase();
    const writes = await createDataSource(own.url, 2).initialize();
    const twoTopic = await createTestTopic(kafka, 'relay-two', 3);
    const published = [0, 0];
    const relays = [0, 1].map(
      (i) =>
        new OutboxRelay({
          databaseUrl: own.url,
          kafka,
          topic: twoTopic,
          pollIntervalMs: 50,
          onPublished: (count) => (published[i]! += count),
        }),
    );
    const { messages, consumer } = await collect(kafka, twoTopic);
    const pilot = randomUUID();
    try {
      relays.forEach((relay) => relay.start());
      await waitFor(() => (relays.some((r) => r.isLeader) ? true : undefined), 10_000, 'a relay to lead');
      for (let i = 0; i < 20; i++) await writes.transaction((m) => appendDeletions(m, pilot, 5));
      await waitFor(() => (messages.length >= 100 ? true : undefined), 30_000, 'every event');
      const leader = relays.findIndex((r) => r.isLeader);
      expect(relays.map((r) => r.isLeader).filter(Boolean)).toHaveLength(1);
      expect(published).toEqual(leader === 0 ? [100, 0] : [0, 100]);

      // Stopped, it gives the lease up: the other takes over at its next try, within a second or so.
      await relays[leader]!.stop();
      const other = relays[1 - leader]!;
      await waitFor(() => (other.isLeader ? true : undefined), 10_000, 'the other relay to take over');
      for (let i = 0; i < 4; i++) await writes.transaction((m) => appendDeletions(m, pilot, 5));
      await waitFor(() => (messages.length >= 120 ? true : undefined), 30_000, 'the events after');
      expect(published[1 - leader]).toBe(20);
      expect(new Set(messages.map((m) => m.event_id)).size).toBe(messages.length);
    } finally {
      await consumer.disconnect();
      await Promise.all(relays.map((r) => r.stop()));
      await writes.destroy();
      await own.drop();
      await deleteTestTopics(kafka, [twoTopic]);
    }
  });

  it('hands the lease of a frozen relay (SIGSTOP) to another within 10 s; woken, the old one publishes nothing', async () => {
    const own = await createTestDatabase();
    const writes = await createDataSource(own.url, 2).initialize();
    const freezeTopic = await createTestTopic(kafka, 'relay-freeze', 3);
    const { messages, consumer } = await collect(kafka, freezeTopic);
    const arrived = new Map<string, number>();
    let scanned = 0;
    const arrivals = setInterval(() => {
      for (; scanned < messages.length; scanned++) {
        const id = messages[scanned]!.event_id;
        if (!arrived.has(id)) arrived.set(id, performance.now());
      }
    }, 10);
    const frozen = startRelayProcess(own.url, freezeTopic);
    const standby = new OutboxRelay({ databaseUrl: own.url, kafka, topic: freezeTopic, pollIntervalMs: 50 });
    const pilots = Array.from({ length: 10 }, () => randomUUID());
    let writing = true;
    let writes1 = Promise.resolve();
    const writer = async (): Promise<void> => {
      while (writing) {
        const pilot = pilots[Math.floor(Math.random() * pilots.length)]!;
        await writes.transaction((m) => appendDeletions(m, pilot, 1 + Math.floor(Math.random() * 3)));
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const outbox = async (): Promise<number> =>
      (await writes.query<{ n: number }[]>('select count(*)::int as n from event_outbox'))[0]!.n;
    const holder = async (): Promise<string | undefined> =>
      (await writes.query<{ holder: string }[]>('select holder from relay_leases'))[0]?.holder;
    try {
      await waitFor(
        async () => ((await holder())?.includes(`/${frozen.child.pid}/`) ? true : undefined),
        30_000,
        'the relay process to lead',
      );
      standby.start();
      writes1 = writer();
      await new Promise((r) => setTimeout(r, 1000));
      // Frozen between batches: it leaves nothing half published that the next relay would repeat.
      writing = false;
      await writes1;
      await waitFor(async () => ((await outbox()) === 0 ? true : undefined), 30_000, 'the outbox empty');
      const mark = (
        await writes.query<{ mark: string }[]>('select max(position)::text as mark from events')
      )[0]!.mark;
      frozen.child.kill('SIGSTOP');
      const frozenAt = performance.now();
      writing = true;
      writes1 = writer();
      await waitFor(() => (standby.isLeader ? true : undefined), 15_000, 'the standby to take over');
      const afterFreeze = await waitFor(
        () => messages.find((m) => BigInt(m.position) > BigInt(mark)),
        15_000,
        'an event written during the freeze on the topic',
      );
      const takeoverMs = arrived.get(afterFreeze.event_id)! - frozenAt;
      console.log(`takeover from a frozen relay: ${takeoverMs.toFixed(0)} ms`);
      expect(takeoverMs).toBeLessThan(10_000);

      await new Promise((r) => setTimeout(r, 8000 - (performance.now() - frozenAt)));
      frozen.child.kill('SIGCONT');
      // It wakes to a lease long expired and an outbox being written: it must send none of it.
      await waitFor(
        () => (/standing down/.test(frozen.output()) ? true : undefined),
        10_000,
        'it to stand down',
      );
      await new Promise((r) => setTimeout(r, 2000));
      writing = false;
      await writes1;
      const stored = await writes.query<{ event_id: string }[]>('select event_id::text from events');
      await waitFor(
        () => (new Set(messages.map((m) => m.event_id)).size >= stored.length ? true : undefined),
        30_000,
        'every event on the topic',
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(new Set(messages.map((m) => m.event_id))).toEqual(new Set(stored.map((e) => e.event_id)));
      // Each event once: the woken relay published nothing after the freeze (it would repeat events).
      const copies = new Map<string, number>();
      for (const m of messages) copies.set(m.event_id, (copies.get(m.event_id) ?? 0) + 1);
      const twice = [...copies].filter(([, n]) => n > 1);
      expect(twice).toEqual([]);
      expect(standby.isLeader).toBe(true);
      expect(frozen.output()).toMatch(/lease token \d+ lost to another relay; standing down|past its/);
    } finally {
      writing = false;
      await writes1.catch(() => undefined);
      clearInterval(arrivals);
      frozen.child.kill('SIGCONT');
      frozen.child.kill('SIGTERM');
      await frozen.exited;
      await consumer.disconnect();
      await standby.stop();
      await writes.destroy();
      await own.drop();
      await deleteTestTopics(kafka, [freezeTopic]);
    }
  });

  it('drops a connection the database stopped answering on, and delivers every event once it is back', async () => {
    const own = await createTestDatabase();
    const proxy = await TcpProxy.start(own.url);
    const writes = await createDataSource(own.url, 2).initialize();
    const stallTopic = await createTestTopic(kafka, 'relay-stall', 3);
    const relay = new OutboxRelay({
      databaseUrl: proxy.rewrite(own.url),
      kafka,
      topic: stallTopic,
      pollIntervalMs: 50,
      queryTimeoutMs: 1000,
      connectTimeoutMs: 1000,
    });
    const { messages, consumer } = await collect(kafka, stallTopic);
    const pilot = randomUUID();
    const append = (count: number) => writes.transaction((m) => appendDeletions(m, pilot, count));
    try {
      relay.start();
      await append(10);
      await waitFor(() => (messages.length >= 10 ? true : undefined), 30_000, 'the first events');

      // The relay's connection goes silent for good (it stays open); new connections work.
      proxy.strand();
      await append(10);
      // It gives the silent connection up (and with it the lead) instead of waiting on it.
      await waitFor(() => (relay.isLeader ? undefined : true), 30_000, 'the relay to let go');
      // Connected again, it takes its own lease anew (a new token) without waiting for it to expire.
      await proxy.restore();
      await waitFor(() => (messages.length >= 20 ? true : undefined), 30_000, 'every event');
      await new Promise((r) => setTimeout(r, 300));

      const versions = versionsByStream(messages).get(logbookStreamId(pilot));
      expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(messages.map((m) => m.event_id)).size).toBe(20);
    } finally {
      await consumer.disconnect();
      await relay.stop();
      await proxy.close();
      await writes.destroy();
      await own.drop();
      await deleteTestTopics(kafka, [stallTopic]);
    }
  });

  it("asks Postgres to notice a vanished relay's session within seconds, so its backend is freed", async () => {
    const client = new Client(relayConnectionConfig({ databaseUrl: db.url }));
    await client.connect();
    try {
      const { rows } = await client.query<Record<string, string>>(
        `select current_setting('tcp_keepalives_idle') as idle,
                current_setting('tcp_keepalives_interval') as interval,
                current_setting('tcp_keepalives_count') as count`,
      );
      expect(rows[0]).toEqual({ idle: '10', interval: '5', count: '3' });
    } finally {
      await client.end();
    }
  });
});
