import { randomUUID } from 'node:crypto';
import { KafkaClientError } from '@pft/platform';
import { type ContractContext } from './kafka-port-contract.context';
import { waitFor } from './wait-for';

/** The contract's admin part: topics and their settings, offsets, reading ranges back, no broker. */
export function describeAdminContract(ctx: ContractContext): void {
  const { topic, produce, readMessages } = ctx;

  it('creates topics with their partitions and retention, once', async () => {
    const name = `test-contract-create-${randomUUID().slice(0, 8)}`;
    ctx.topics.push(name);
    const admin = ctx.kafka.admin();
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
    ctx.topics.push(name);
    const admin = ctx.kafka.admin();
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
      // The broker that answers may apply the controller's change a moment after it was accepted.
      const changed = await waitFor(
        async () => {
          const config = await admin.topicConfig(name, names);
          return config['min.insync.replicas'] === '2' ? config : undefined;
        },
        10_000,
        'the changed min.insync.replicas to be read back',
      );
      expect(changed).toEqual({
        'retention.ms': '3600000',
        'min.insync.replicas': '2',
      });
    } finally {
      await admin.disconnect();
    }
  });

  it("answers each partition's replicas and in-sync replicas among the cluster's broker ids", async () => {
    const name = await topic('replicas', 3);
    const admin = ctx.kafka.admin();
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
    const admin = ctx.kafka.admin();
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
    const admin = ctx.kafka.admin();
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

  it('stamps a message with the time it is given, and one given none with the time of its send', async () => {
    const name = await topic('stamped', 1);
    const sentFrom = Date.now();
    const past = sentFrom - 3_600_000;
    await produce(
      name,
      [
        { key: 'pilot-0', value: 'stamped an hour ago', timestamp: past },
        { key: 'pilot-0', value: 'stamped by the producer' },
      ],
      1,
    );
    const admin = ctx.kafka.admin();
    await admin.connect();
    try {
      const at = async (time: number): Promise<string[]> =>
        (await admin.fetchTopicOffsetsByTimestamp(name, time)).map((o) => o.offset);
      expect(await at(past)).toEqual(['0']);
      expect(await at(past + 1)).toEqual(['1']);
      expect(await at(sentFrom)).toEqual(['1']);
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
    const admin = ctx.kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(name).finally(() => admin.disconnect());
    // All but the first and the last message of each partition; one partition read not at all.
    const ranges = ends
      .filter((e) => e.partition !== 2)
      .map((e) => ({ partition: e.partition, from: '1', to: String(Number(e.high) - 1) }));
    const read = await ctx.kafka.readPartitions(name, ranges);

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
    const tail = await ctx.kafka.readPartitions(name, [
      { partition: 0, from: '3', to: '3' },
      { partition: 2, from: String(Number(high2) - 1), to: high2 },
    ]);
    expect(tail.map((m) => m.offset)).toEqual([String(Number(high2) - 1)]);
  });

  it('fails with a connection error naming no library when no broker answers', async () => {
    const nowhere = ctx.makeClient('127.0.0.1:1', `pft-contract-${ctx.adapter}-nowhere`, {
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
}
