import { randomUUID } from 'node:crypto';
import {
  KafkaClientError,
  type BatchPayload,
  type ConsumedMessage,
  type EventConsumer,
  type KafkaClient,
  type KafkaTiming,
} from '@pft/platform';
import { createTestTopic, deleteTestTopics, TEST_KAFKA_BROKERS } from './test-kafka';
import { waitFor } from './wait-for';

/** Makes a client of the adapter under test for `brokers`. */
export type MakeKafkaClient = (brokers: string, clientId: string, timing?: KafkaTiming) => KafkaClient;

interface Seen {
  partition: number;
  offset: string;
  key: string;
  value: string;
}

const text = (m: ConsumedMessage): { key: string; value: string } => ({
  key: m.key?.toString('utf8') ?? '',
  value: m.value?.toString('utf8') ?? '',
});

/**
 * What the apps rely on from a Kafka client, against the real broker: each adapter of the Kafka port
 * runs this same suite (`describeKafkaPortContract('kafkajs', …)` in kafka.port.int-spec.ts).
 */
export function describeKafkaPortContract(adapter: string, makeClient: MakeKafkaClient): void {
  describe(`Kafka port contract: ${adapter} against the real broker`, () => {
    let kafka: KafkaClient;
    const topics: string[] = [];
    const consumers: EventConsumer[] = [];

    beforeAll(() => {
      kafka = makeClient(TEST_KAFKA_BROKERS, `pft-contract-${adapter}`);
    });

    afterEach(async () => {
      await Promise.all(consumers.splice(0).map((c) => c.disconnect()));
    });

    afterAll(async () => {
      if (topics.length > 0) await deleteTestTopics(kafka, topics);
    });

    async function topic(prefix: string, partitions: number): Promise<string> {
      const name = await createTestTopic(kafka, `contract-${prefix}`, partitions);
      topics.push(name);
      return name;
    }

    async function produce(
      topicName: string,
      messages: { key: string; value: string }[],
      chunk = messages.length,
    ): Promise<void> {
      const producer = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
      });
      await producer.connect();
      try {
        for (let i = 0; i < messages.length; i += chunk) {
          await producer.send({ topic: topicName, acks: -1, messages: messages.slice(i, i + chunk) });
        }
      } finally {
        await producer.disconnect();
      }
    }

    function consumer(client = kafka): EventConsumer {
      const c = client.consumer({ groupId: `contract-${randomUUID()}`, maxWaitTimeMs: 50 });
      consumers.push(c);
      return c;
    }

    /** Reads `topicName` from the start by messages, until `count` arrived. */
    async function readMessages(topicName: string, count: number): Promise<Seen[]> {
      const seen: Seen[] = [];
      const c = consumer();
      await c.connect();
      await c.subscribe([topicName], { fromBeginning: true });
      await c.run({
        eachMessage: ({ partition, message }) => {
          seen.push({ partition, offset: message.offset, ...text(message) });
          return Promise.resolve();
        },
      });
      await waitFor(() => (seen.length >= count ? true : undefined), 60_000, `${count} messages`);
      return seen;
    }

    it('sends keyed messages that come back with their keys, each key on one partition, in order', async () => {
      const name = await topic('order', 3);
      const keys = ['pilot-a', 'pilot-b', 'pilot-c', 'pilot-d'];
      const sent = Array.from({ length: 80 }, (_, i) => ({ key: keys[i % keys.length]!, value: `${i}` }));
      await produce(name, sent, 7);

      const seen = await readMessages(name, sent.length);
      expect(seen).toHaveLength(sent.length);
      for (const key of keys) {
        const ofKey = seen.filter((s) => s.key === key);
        expect(ofKey.map((s) => s.value)).toEqual(sent.filter((s) => s.key === key).map((s) => s.value));
        expect(new Set(ofKey.map((s) => s.partition)).size).toBe(1);
      }
    });

    it('puts each key on the partition the Java client chooses (murmur2, sign bit masked)', async () => {
      // Partitions of a three-partition topic as Kafka's Java client (and kafkajs's default
      // partitioner) compute them: toPositive(murmur2(key)) % 3. Half of these keys hash negative,
      // where reading the hash as unsigned instead would pick another partition.
      const expected: Record<string, number> = {
        'pilot-0': 0,
        'pilot-1': 2,
        'pilot-2': 1,
        'pilot-3': 2,
        'pilot-4': 0,
        'pilot-5': 2,
        'pilot-6': 2,
        'pilot-7': 1,
      };
      const name = await topic('partitioner', 3);
      await produce(
        name,
        Object.keys(expected).map((key) => ({ key, value: key })),
      );
      const seen = await readMessages(name, Object.keys(expected).length);
      expect(Object.fromEntries(seen.map((s) => [s.key, s.partition]))).toEqual(expected);
    });

    it('hands the batch handler whole batches with their partition, offsets and end', async () => {
      const name = await topic('batches', 1);
      await produce(
        name,
        Array.from({ length: 60 }, (_, i) => ({ key: `k${i % 5}`, value: `${i}` })),
        20,
      );
      const batches: { partition: number; offsets: string[]; last: string; high: string }[] = [];
      const c = consumer();
      await c.connect();
      await c.subscribe([name], { fromBeginning: true });
      await c.run({
        autoCommit: false,
        eachBatch: ({ batch, isRunning, isStale }: BatchPayload) => {
          if (!isRunning() || isStale()) return Promise.resolve();
          batches.push({
            partition: batch.partition,
            offsets: batch.messages.map((m) => m.offset),
            last: batch.lastOffset(),
            high: batch.highWatermark,
          });
          return Promise.resolve();
        },
      });
      await waitFor(
        () => (batches.flatMap((b) => b.offsets).length >= 60 ? true : undefined),
        60_000,
        'every message in batches',
      );
      expect(batches.flatMap((b) => b.offsets)).toEqual(Array.from({ length: 60 }, (_, i) => String(i)));
      for (const b of batches) {
        expect(b.partition).toBe(0);
        expect(b.last).toBe(b.offsets[b.offsets.length - 1]);
        expect(b.high).toBe('60');
      }
    });

    it('reads from the offset it is told to seek to when it starts, not from the beginning', async () => {
      const name = await topic('seek', 1);
      await produce(
        name,
        Array.from({ length: 30 }, (_, i) => ({ key: 'k', value: `${i}` })),
      );
      const offsets: string[] = [];
      const c = consumer();
      await c.connect();
      await c.subscribe([name], { fromBeginning: true });
      await c.run({
        autoCommit: false,
        eachBatch: ({ batch, isStale }) => {
          if (!isStale()) offsets.push(...batch.messages.map((m) => m.offset));
          return Promise.resolve();
        },
      });
      // As the projector does with the offsets stored in Postgres: right after run, before any fetch.
      c.seek(name, 0, '17');
      await waitFor(() => (offsets.includes('29') ? true : undefined), 60_000, 'the last message');
      expect(offsets).toEqual(Array.from({ length: 13 }, (_, i) => String(17 + i)));
    });

    it('goes back to an offset sought while running', async () => {
      const name = await topic('reseek', 1);
      await produce(
        name,
        Array.from({ length: 10 }, (_, i) => ({ key: 'k', value: `${i}` })),
      );
      const offsets: string[] = [];
      let soughtBack = false;
      const c = consumer();
      await c.connect();
      await c.subscribe([name], { fromBeginning: true });
      await c.run({
        autoCommit: false,
        eachBatch: ({ batch, isStale }) => {
          if (isStale()) return Promise.resolve();
          offsets.push(...batch.messages.map((m) => m.offset));
          if (!soughtBack && batch.lastOffset() === '9') {
            soughtBack = true;
            c.seek(name, 0, '6');
          }
          return Promise.resolve();
        },
      });
      await waitFor(
        () => (offsets.filter((o) => o === '9').length >= 2 ? true : undefined),
        60_000,
        'the messages from the sought offset again',
      );
      expect(offsets.slice(offsets.lastIndexOf('6'))).toEqual(['6', '7', '8', '9']);
    });

    it('reports a handler that keeps failing as a crash it restarts from, and delivers again', async () => {
      const impatient = makeClient(TEST_KAFKA_BROKERS, `pft-contract-${adapter}-crash`, {
        retry: { initialRetryTime: 100, retries: 1 },
      });
      const name = await topic('crash', 1);
      await produce(name, [{ key: 'k', value: 'only' }]);
      const crashes: { message: string; restart: boolean }[] = [];
      let deliveries = 0;
      const c = consumer(impatient);
      c.onCrash(({ error, restart }) => crashes.push({ message: error.message, restart }));
      await c.connect();
      await c.subscribe([name], { fromBeginning: true });
      await c.run({
        autoCommit: false,
        eachBatch: () => {
          deliveries += 1;
          return crashes.length === 0 ? Promise.reject(new Error('store away')) : Promise.resolve();
        },
      });
      await waitFor(
        () => (crashes.length > 0 && deliveries > 2 ? true : undefined),
        60_000,
        'a crash and a delivery after it',
      );
      expect(crashes[0]).toEqual({ message: 'store away', restart: true });
    });

    it('tells when it has joined its group, and takes heartbeats from a batch handler', async () => {
      const name = await topic('join', 1);
      await produce(name, [{ key: 'k', value: 'only' }]);
      let joins = 0;
      const heartbeats: string[] = [];
      const c = consumer();
      c.onGroupJoin(() => (joins += 1));
      await c.connect();
      await c.subscribe([name], { fromBeginning: true });
      await c.run({
        autoCommit: false,
        eachBatch: async ({ heartbeat }) => {
          heartbeats.push(await heartbeat().then(() => 'sent'));
        },
      });
      await waitFor(
        () => (joins > 0 && heartbeats.length > 0 ? true : undefined),
        30_000,
        'a join and a batch',
      );
      expect(heartbeats[0]).toBe('sent');
    });

    it('creates topics with their partitions and retention, once', async () => {
      const name = `test-contract-create-${randomUUID().slice(0, 8)}`;
      topics.push(name);
      const admin = kafka.admin();
      await admin.connect();
      try {
        const spec = { topic: name, numPartitions: 4, replicationFactor: 1, retentionMs: 86_400_000 };
        expect(await admin.createTopics([spec])).toBe(true);
        expect(await admin.createTopics([spec])).toBe(false);
        expect(await admin.listTopics()).toContain(name);
        expect(await admin.topicPartitions([name])).toEqual([{ topic: name, partitions: 4 }]);
        expect(await admin.topicConfig(name, ['retention.ms'])).toEqual({ 'retention.ms': '86400000' });
      } finally {
        await admin.disconnect();
      }
    });

    it('creates a topic with its min.insync.replicas, and changes it keeping the other values', async () => {
      const name = `test-contract-insync-${randomUUID().slice(0, 8)}`;
      topics.push(name);
      const admin = kafka.admin();
      await admin.connect();
      try {
        const spec = { topic: name, numPartitions: 2, replicationFactor: 1, retentionMs: 3_600_000 };
        await admin.createTopics([{ ...spec, minInsyncReplicas: 1 }]);
        const names = ['retention.ms', 'min.insync.replicas'];
        expect(await admin.topicConfig(name, names)).toEqual({
          'retention.ms': '3600000',
          'min.insync.replicas': '1',
        });
        await admin.alterTopicConfig(name, { 'min.insync.replicas': '2' });
        expect(await admin.topicConfig(name, names)).toEqual({
          'retention.ms': '3600000',
          'min.insync.replicas': '2',
        });
      } finally {
        await admin.disconnect();
      }
    });

    it("answers each partition's replicas and in-sync replicas among the cluster's broker ids", async () => {
      const name = await topic('replicas', 3);
      const admin = kafka.admin();
      await admin.connect();
      try {
        const cluster = await admin.describeCluster();
        expect(cluster.brokerIds).toHaveLength(cluster.brokers);
        const [described, ...more] = await admin.topicReplicas([name]);
        expect(more).toEqual([]);
        expect(described?.topic).toBe(name);
        expect(described?.partitions.map((p) => p.partition)).toEqual([0, 1, 2]);
        for (const p of described?.partitions ?? []) {
          expect(p.replicas).toHaveLength(1);
          expect(cluster.brokerIds).toContain(p.replicas[0]);
          expect(p.isr).toEqual(p.replicas);
        }
      } finally {
        await admin.disconnect();
      }
    });

    it("answers each partition's first and next offset, and the cluster's brokers", async () => {
      const name = await topic('offsets', 2);
      const sent = Array.from({ length: 25 }, (_, i) => ({ key: `pilot-${i}`, value: `${i}` }));
      await produce(name, sent);
      const seen = await readMessages(name, sent.length);
      const admin = kafka.admin();
      await admin.connect();
      try {
        const offsets = await admin.fetchTopicOffsets(name);
        expect(offsets.map((o) => o.partition).sort()).toEqual([0, 1]);
        for (const o of offsets) {
          expect(o.low).toBe('0');
          expect(Number(o.high)).toBe(seen.filter((s) => s.partition === o.partition).length);
        }
        expect((await admin.describeCluster()).brokers).toBeGreaterThanOrEqual(1);
      } finally {
        await admin.disconnect();
      }
    });

    it('finds the first offset stamped at or after a time, and the end when none is that recent', async () => {
      const name = await topic('by-time', 2);
      const before = Array.from({ length: 12 }, (_, i) => ({ key: `pilot-${i}`, value: `before-${i}` }));
      const after = Array.from({ length: 12 }, (_, i) => ({ key: `pilot-${i}`, value: `after-${i}` }));
      await produce(name, before);
      await new Promise((r) => setTimeout(r, 20));
      const between = Date.now();
      await new Promise((r) => setTimeout(r, 20));
      await produce(name, after);
      const seen = await readMessages(name, before.length + after.length);
      const admin = kafka.admin();
      await admin.connect();
      try {
        const found = await admin.fetchTopicOffsetsByTimestamp(name, between);
        const ends = await admin.fetchTopicOffsets(name);
        expect(found.map((o) => o.partition).sort()).toEqual([0, 1]);
        for (const o of found) {
          const firstAfter = seen.find((s) => s.partition === o.partition && s.value.startsWith('after-'));
          expect(o.offset).toBe(firstAfter!.offset);
        }
        const future = await admin.fetchTopicOffsetsByTimestamp(name, Date.now() + 3_600_000);
        expect(future.map((o) => o.offset)).toEqual(
          future.map((o) => ends.find((e) => e.partition === o.partition)!.high),
        );
      } finally {
        await admin.disconnect();
      }
    });

    it('reads offset ranges of partitions back, with headers, and nothing outside them', async () => {
      const name = await topic('ranges', 3);
      const sent = Array.from({ length: 60 }, (_, i) => ({
        key: `pilot-${i % 9}`,
        value: `${i}`,
        headers: { event_id: `event-${i}` },
      }));
      await produce(name, sent, 11);
      const seen = await readMessages(name, sent.length);
      const admin = kafka.admin();
      await admin.connect();
      const ends = await admin.fetchTopicOffsets(name).finally(() => admin.disconnect());
      // All but the first and the last message of each partition; one partition read not at all.
      const ranges = ends
        .filter((e) => e.partition !== 2)
        .map((e) => ({ partition: e.partition, from: '1', to: String(Number(e.high) - 1) }));
      const read = await kafka.readPartitions(name, ranges);

      const expected = seen
        .filter((s) =>
          ranges.some(
            (r) => r.partition === s.partition && Number(s.offset) >= 1 && Number(s.offset) < Number(r.to),
          ),
        )
        .sort((a, b) => a.partition - b.partition || Number(a.offset) - Number(b.offset));
      expect(expected.length).toBeGreaterThan(0);
      expect(
        read.map((m) => ({
          partition: m.partition,
          offset: m.offset,
          key: m.key?.toString(),
          value: m.value?.toString(),
          eventId: m.headers.event_id,
        })),
      ).toEqual(
        expected.map((s) => ({
          partition: s.partition,
          offset: s.offset,
          key: s.key,
          value: s.value,
          eventId: `event-${s.value}`,
        })),
      );
      // An empty range reads nothing; a partition's last message alone.
      const high2 = ends.find((e) => e.partition === 2)!.high;
      const tail = await kafka.readPartitions(name, [
        { partition: 0, from: '3', to: '3' },
        { partition: 2, from: String(Number(high2) - 1), to: high2 },
      ]);
      expect(tail.map((m) => m.offset)).toEqual([String(Number(high2) - 1)]);
    });

    it('fails with a connection error naming no library when no broker answers', async () => {
      const nowhere = makeClient('127.0.0.1:1', `pft-contract-${adapter}-nowhere`, {
        connectionTimeout: 500,
        retry: { retries: 0 },
      });
      const admin = nowhere.admin();
      const failure: unknown = await admin.connect().then(
        () => undefined,
        (error: unknown) => error,
      );
      await admin.disconnect();
      expect(failure).toBeInstanceOf(KafkaClientError);
      expect((failure as KafkaClientError).connection).toBe(true);
    });
  });
}
