import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { createDataSource } from '@pft/platform';
import {
  appendFlightDeletions,
  collectPublished,
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  outboxEmptied,
  TEST_KAFKA_BROKERS,
  testKafka,
  waitFor,
} from '@pft/testing';
import { OutboxRelay } from './outbox-relay';

const ROOT = resolve(__dirname, '../../..');

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

describe('outbox relay lease: one relay publishes at a time (Postgres + Kafka)', () => {
  let kafka: KafkaClient;

  beforeAll(() => {
    kafka = testKafka('relay-test');
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
    const { messages, consumer } = await collectPublished(kafka, twoTopic);
    const pilot = randomUUID();
    try {
      relays.forEach((relay) => relay.start());
      await waitFor(() => (relays.some((r) => r.isLeader) ? true : undefined), 10_000, 'a relay to lead');
      for (let i = 0; i < 20; i++) await writes.transaction((m) => appendFlightDeletions(m, pilot, 5));
      // A consumer can read an event before the relay's send has had its acknowledgement back and
      // been counted, so both are waited for.
      const allIn = (n: number) => messages.length >= n && published[0]! + published[1]! >= n;
      await waitFor(() => (allIn(100) ? true : undefined), 30_000, 'every event');
      const leader = relays.findIndex((r) => r.isLeader);
      expect(relays.map((r) => r.isLeader).filter(Boolean)).toHaveLength(1);
      expect(published).toEqual(leader === 0 ? [100, 0] : [0, 100]);

      // Stopped, it gives the lease up: the other takes over at its next try, within a second or so.
      await relays[leader]!.stop();
      const other = relays[1 - leader]!;
      await waitFor(() => (other.isLeader ? true : undefined), 10_000, 'the other relay to take over');
      for (let i = 0; i < 4; i++) await writes.transaction((m) => appendFlightDeletions(m, pilot, 5));
      await waitFor(() => (allIn(120) ? true : undefined), 30_000, 'the events after');
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
    const { messages, arrivedAt, consumer } = await collectPublished(kafka, freezeTopic);
    const frozen = startRelayProcess(own.url, freezeTopic);
    const standby = new OutboxRelay({ databaseUrl: own.url, kafka, topic: freezeTopic, pollIntervalMs: 50 });
    const pilots = Array.from({ length: 10 }, () => randomUUID());
    let writing = true;
    let writes1 = Promise.resolve();
    const writer = async (): Promise<void> => {
      while (writing) {
        const pilot = pilots[Math.floor(Math.random() * pilots.length)]!;
        await writes.transaction((m) => appendFlightDeletions(m, pilot, 1 + Math.floor(Math.random() * 3)));
        await new Promise((r) => setTimeout(r, 10));
      }
    };
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
      await outboxEmptied(writes, 30_000, 'the outbox empty');
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
      const takeoverMs = arrivedAt.get(afterFreeze.event_id)! - frozenAt;
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
});
