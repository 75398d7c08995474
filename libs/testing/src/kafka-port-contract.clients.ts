import { randomUUID } from 'node:crypto';
import { type BatchPayload, type EventConsumer, type TopicPartitions } from '@pft/platform';
import { type ContractContext } from './kafka-port-contract.context';
import { TEST_KAFKA_BROKERS } from './test-kafka';
import { waitFor } from './wait-for';

/** The contract's producer and consumer part: keys, partitions, batches, seeks, commits, crashes, group joins. */
export function describeClientContract(ctx: ContractContext): void {
  const { topic, produce, consumer, readMessages } = ctx;
  /** Each partition's end (the offset the next message gets). */
  const ends = async (name: string): Promise<{ high: Map<number, string> }> => {
    const admin = ctx.kafka.admin();
    await admin.connect();
    try {
      return { high: new Map((await admin.fetchTopicOffsets(name)).map((o) => [o.partition, o.high])) };
    } finally {
      await admin.disconnect();
    }
  };

  /** `count` messages valued by their index, each keyed `key` (or `key` of the index). */
  const numbered = (count: number, key: string | ((i: number) => string)) =>
    Array.from({ length: count }, (_, i) => ({ key: typeof key === 'string' ? key : key(i), value: `${i}` }));

  /** Runs `c` on `name` from its first message, committing nothing but what `eachBatch` commits. */
  const runFromStart = async (
    c: EventConsumer,
    name: string,
    eachBatch: (payload: BatchPayload) => Promise<void>,
  ): Promise<void> => {
    await c.connect();
    await c.subscribe([name], { fromBeginning: true });
    await c.run({ autoCommit: false, eachBatch });
  };

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
      numbered(60, (i) => `k${i % 5}`),
      20,
    );
    const batches: { partition: number; offsets: string[]; last: string; high: string }[] = [];
    const c = consumer();
    await runFromStart(c, name, ({ batch, isRunning, isStale }: BatchPayload) => {
      if (!isRunning() || isStale()) return Promise.resolve();
      batches.push({
        partition: batch.partition,
        offsets: batch.messages.map((m) => m.offset),
        last: batch.lastOffset(),
        high: batch.highWatermark,
      });
      return Promise.resolve();
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
    await produce(name, numbered(30, 'k'));
    const offsets: string[] = [];
    const c = consumer();
    await runFromStart(c, name, ({ batch, isStale }) => {
      if (!isStale()) offsets.push(...batch.messages.map((m) => m.offset));
      return Promise.resolve();
    });
    // As the projector does with the offsets stored in Postgres: right after run, before any fetch.
    c.seek(name, 0, '17');
    await waitFor(() => (offsets.includes('29') ? true : undefined), 60_000, 'the last message');
    expect(offsets).toEqual(Array.from({ length: 13 }, (_, i) => String(17 + i)));
  });

  it('goes back to an offset sought while running', async () => {
    const name = await topic('reseek', 1);
    await produce(name, numbered(10, 'k'));
    const offsets: string[] = [];
    let soughtBack = false;
    const c = consumer();
    await runFromStart(c, name, ({ batch, isStale }) => {
      if (isStale()) return Promise.resolve();
      offsets.push(...batch.messages.map((m) => m.offset));
      if (!soughtBack && batch.lastOffset() === '9') {
        soughtBack = true;
        c.seek(name, 0, '6');
      }
      return Promise.resolve();
    });
    await waitFor(
      () => (offsets.filter((o) => o === '9').length >= 2 ? true : undefined),
      60_000,
      'the messages from the sought offset again',
    );
    expect(offsets.slice(offsets.lastIndexOf('6'))).toEqual(['6', '7', '8', '9']);
  });

  it('reports a handler that keeps failing as a crash it restarts from, and delivers again', async () => {
    const impatient = ctx.makeClient(TEST_KAFKA_BROKERS, `pft-contract-${ctx.adapter}-crash`, {
      retry: { initialRetryTime: 100, retries: 1 },
    });
    const name = await topic('crash', 1);
    await produce(name, [{ key: 'k', value: 'only' }]);
    const crashes: { message: string; restart: boolean }[] = [];
    let deliveries = 0;
    const c = consumer(impatient);
    c.onCrash(({ error, restart }) => crashes.push({ message: error.message, restart }));
    await runFromStart(c, name, () => {
      deliveries += 1;
      return crashes.length === 0 ? Promise.reject(new Error('store away')) : Promise.resolve();
    });
    await waitFor(
      () => (crashes.length > 0 && deliveries > 2 ? true : undefined),
      60_000,
      'a crash and a delivery after it',
    );
    expect(crashes[0]).toEqual({ message: 'store away', restart: true });
  });

  it('commits offsets a later member of the group starts from, and names the partitions each join gives', async () => {
    const name = await topic('commit', 2);
    await produce(
      name,
      numbered(40, (i) => `k${i % 8}`),
    );
    const groupId = `contract-${randomUUID()}`;
    const member = (): EventConsumer => ctx.kafka.consumer({ groupId, maxWaitTimeMs: 50 });
    const { high } = await ends(name);
    // The first member reads everything and commits the end of partition 0 and offset 1 of partition 1.
    const first = member();
    const assigned: TopicPartitions[][] = [];
    first.onGroupJoin((a) => assigned.push(a));
    let read = 0;
    await runFromStart(first, name, ({ batch }) => {
      read += batch.messages.length;
      return Promise.resolve();
    });
    await waitFor(() => (read >= 40 ? true : undefined), 60_000, 'every message');
    await first.commitOffsets([
      { topic: name, partition: 0, offset: high.get(0)! },
      { topic: name, partition: 1, offset: '1' },
    ]);
    await first.disconnect();
    expect(assigned[0]).toEqual([{ topic: name, partitions: [0, 1] }]);

    const offsets: string[] = [];
    const second = member();
    await runFromStart(second, name, ({ batch }) => {
      offsets.push(...batch.messages.map((m) => `${batch.partition}@${m.offset}`));
      return Promise.resolve();
    });
    const last = `1@${BigInt(high.get(1)!) - 1n}`;
    await waitFor(() => (offsets.includes(last) ? true : undefined), 60_000, 'the end of partition 1');
    await second.disconnect();
    expect(offsets.filter((o) => o.startsWith('0@'))).toEqual([]);
    expect(offsets[0]).toBe('1@1');
  });

  it('tells when it has joined its group, and takes heartbeats from a batch handler', async () => {
    const name = await topic('join', 1);
    await produce(name, [{ key: 'k', value: 'only' }]);
    let joins = 0;
    const heartbeats: string[] = [];
    const c = consumer();
    c.onGroupJoin(() => (joins += 1));
    await runFromStart(c, name, async ({ heartbeat }) => {
      heartbeats.push(await heartbeat().then(() => 'sent'));
    });
    await waitFor(
      () => (joins > 0 && heartbeats.length > 0 ? true : undefined),
      30_000,
      'a join and a batch',
    );
    expect(heartbeats[0]).toBe('sent');
  });
}
