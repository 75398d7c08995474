import { randomBytes, randomUUID } from 'node:crypto';
import { type EventConsumer, type KafkaClient, type TopicAdmin } from '@pft/platform';
import { type KafkaCluster, startKafkaCluster, waitFor } from '@pft/testing';
import { runPft } from './run-pft';

/**
 * `pft kafka topics` against a three-node KRaft cluster of the test's own (never the broker at 9092):
 * topics with three replicas and two in sync, a factor the cluster cannot hold refused, an existing
 * topic of one replica reported with its fix; then a broker killed while producing with acks=all.
 */
describe('Kafka topics on a three-node cluster', () => {
  let cluster: KafkaCluster;
  let kafka: KafkaClient;
  let admin: TopicAdmin;
  const consumers: EventConsumer[] = [];

  /** Topics of the running test, deleted after it: a topic of one replica left on a broker that dies
   * would have partitions without a leader, and kafkajs fails a producer's first metadata on those. */
  const made: string[] = [];
  const names = (label: string) => {
    const suffix = randomBytes(4).toString('hex');
    const topics = {
      PILOT_EVENTS_TOPIC: `${label}-events-${suffix}`,
      DEAD_LETTER_TOPIC: `${label}-dead-${suffix}`,
    };
    made.push(topics.PILOT_EVENTS_TOPIC, topics.DEAD_LETTER_TOPIC);
    return topics;
  };
  const pft = (args: string[], env: Record<string, string>) =>
    runPft(['kafka', 'topics', ...args], {
      KAFKA_BROKERS: cluster.brokers,
      PILOT_EVENTS_PARTITIONS: '6',
      ...env,
    });
  const factor3 = { KAFKA_REPLICATION_FACTOR: '3', KAFKA_MIN_INSYNC_REPLICAS: '2' };

  beforeAll(async () => {
    cluster = await startKafkaCluster({ size: 3 });
    kafka = cluster.kafka('pft-cluster-e2e');
    admin = kafka.admin();
    await admin.connect();
  }, 240_000);

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((c) => c.disconnect().catch(() => undefined)));
    const listed = new Set(await admin.listTopics());
    const existing = made.splice(0).filter((t) => listed.has(t));
    if (existing.length > 0) await admin.deleteTopics(existing);
  });

  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.disconnect().catch(() => undefined)));
    await admin?.disconnect();
    await cluster?.close();
  });

  it('creates the topics with three replicas, all in sync, and min.insync.replicas 2', async () => {
    const topics = names('three');
    const run = await pft(['--json'], { ...factor3, ...topics });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      created: [topics.PILOT_EVENTS_TOPIC, topics.DEAD_LETTER_TOPIC],
      existing: [],
      fixed: [],
      mismatches: [],
    });
    const described = await admin.topicReplicas([topics.PILOT_EVENTS_TOPIC, topics.DEAD_LETTER_TOPIC]);
    expect(described.map((t) => t.partitions.length)).toEqual([6, 1]);
    for (const p of described.flatMap((t) => t.partitions)) {
      expect([...p.replicas].sort()).toEqual([1, 2, 3]);
    }
    for (const topic of [topics.PILOT_EVENTS_TOPIC, topics.DEAD_LETTER_TOPIC]) {
      expect(await admin.topicConfig(topic, ['min.insync.replicas'])).toEqual({ 'min.insync.replicas': '2' });
    }
  });

  it('refuses a replication factor of 4, naming the 3 brokers, and creates nothing', async () => {
    const topics = names('four');
    const run = await pft([], { KAFKA_REPLICATION_FACTOR: '4', KAFKA_MIN_INSYNC_REPLICAS: '2', ...topics });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'pft: KAFKA_TOO_FEW_BROKERS: the Kafka cluster has 3 live brokers, fewer than the 4 replicas KAFKA_REPLICATION_FACTOR=4 asks for: start more brokers or lower KAFKA_REPLICATION_FACTOR',
    );
    expect(await admin.listTopics()).not.toContain(topics.PILOT_EVENTS_TOPIC);
  });

  it('reports an existing topic of one replica with its reassignment plan and command', async () => {
    const topics = names('one');
    await admin.createTopics([
      {
        topic: topics.PILOT_EVENTS_TOPIC,
        numPartitions: 6,
        replicationFactor: 1,
        retentionMs: -1,
        minInsyncReplicas: 1,
      },
    ]);
    const run = await pft(['--json'], { ...factor3, ...topics });
    expect(run.code).toBe(4);
    const report = JSON.parse(run.stdout) as {
      created: string[];
      mismatches: {
        topic: string;
        setting: string;
        actual: number;
        wanted: number;
        fix: string;
        plan?: { partitions: { replicas: number[] }[] };
      }[];
    };
    expect(report.created).toEqual([topics.DEAD_LETTER_TOPIC]);
    expect(
      report.mismatches.map(({ topic, setting, actual, wanted }) => ({ topic, setting, actual, wanted })),
    ).toEqual([
      { topic: topics.PILOT_EVENTS_TOPIC, setting: 'replication.factor', actual: 1, wanted: 3 },
      { topic: topics.PILOT_EVENTS_TOPIC, setting: 'min.insync.replicas', actual: 1, wanted: 2 },
    ]);
    expect(report.mismatches[0]?.fix).toBe(
      `kafka-reassign-partitions.sh --bootstrap-server ${cluster.brokers} --reassignment-json-file ${topics.PILOT_EVENTS_TOPIC}-reassignment.json --execute`,
    );
    expect(report.mismatches[0]?.plan?.partitions.map((p) => [...p.replicas].sort())).toEqual(
      Array.from({ length: 6 }, () => [1, 2, 3]),
    );

    const text = await pft([], { ...factor3, ...topics });
    expect(text.code).toBe(4);
    expect(text.stderr).toContain(
      `${topics.PILOT_EVENTS_TOPIC}: replication factor 1, configuration says 3 (KAFKA_REPLICATION_FACTOR)`,
    );
    expect(text.stderr).toContain(`then run: ${report.mismatches[0]?.fix}`);
  });

  it('sets min.insync.replicas on a topic of three replicas with --fix, and reports nothing after', async () => {
    const topics = names('fix');
    expect(
      (await pft([], { KAFKA_REPLICATION_FACTOR: '3', KAFKA_MIN_INSYNC_REPLICAS: '1', ...topics })).code,
    ).toBe(0);
    expect((await pft([], { ...factor3, ...topics })).code).toBe(4);
    const fixed = await pft(['--fix', '--json'], { ...factor3, ...topics });
    expect(fixed.code).toBe(0);
    expect(JSON.parse(fixed.stdout)).toMatchObject({
      fixed: [
        { topic: topics.PILOT_EVENTS_TOPIC, setting: 'min.insync.replicas', value: 2 },
        { topic: topics.DEAD_LETTER_TOPIC, setting: 'min.insync.replicas', value: 2 },
      ],
      mismatches: [],
    });
    expect(
      await admin.topicConfig(topics.PILOT_EVENTS_TOPIC, ['min.insync.replicas', 'retention.ms']),
    ).toEqual({
      'min.insync.replicas': '2',
      'retention.ms': '-1',
    });
    expect((await pft([], { ...factor3, ...topics })).code).toBe(0);
  });

  it('goes on producing with acks=all and consuming while the controller leader is killed, and heals after its restart', async () => {
    const topics = names('fault');
    expect((await pft([], { ...factor3, ...topics })).code).toBe(0);
    const topic = topics.PILOT_EVENTS_TOPIC;
    const inSync = async (count: number) => {
      const [described] = await admin.topicReplicas([topic]);
      return described?.partitions.every((p) => p.isr.length === count) ? true : undefined;
    };
    await send(topic, 0, 50);

    const victim = cluster.node(await cluster.activeController());
    await victim.kill();
    expect(victim.pid()).toBeUndefined();
    // The new controller fences the dead broker: two replicas left in sync, as many as acks=all needs.
    await waitFor(() => inSync(2), 60_000, 'the dead broker out of every in-sync replica set', 500);
    await send(topic, 50, 50);

    const seen = new Set<string>();
    const consumer = kafka.consumer({ groupId: `cluster-${randomUUID()}`, maxWaitTimeMs: 100 });
    consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe([topic], { fromBeginning: true });
    await consumer.run({
      eachMessage: ({ message }) => {
        seen.add(message.value?.toString() ?? '');
        return Promise.resolve();
      },
    });
    await waitFor(
      () => (seen.size >= 100 ? true : undefined),
      90_000,
      'all 100 messages with one broker down',
    );
    expect([...seen].map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));

    await victim.start();
    await waitFor(() => inSync(3), 90_000, 'every partition back to three in-sync replicas', 500);
    await send(topic, 100, 10);
    await waitFor(() => (seen.size >= 110 ? true : undefined), 60_000, 'the messages sent after the restart');
  }, 180_000);

  /**
   * Sends messages `from`.. with an idempotent producer and acks=all, as the outbox relay does: a
   * failed send (a request to the broker that died, before the client saw new leaders) is tried again
   * with a new producer; giving up after a minute.
   */
  async function send(topic: string, from: number, count: number): Promise<void> {
    const messages = Array.from({ length: count }, (_, i) => ({
      key: `pilot-${(from + i) % 7}`,
      value: String(from + i),
    }));
    await waitFor(
      async () => {
        const producer = kafka.producer({
          idempotent: true,
          maxInFlightRequests: 1,
          allowAutoTopicCreation: false,
        });
        try {
          await producer.connect();
          await producer.send({ topic, acks: -1, messages });
          return true;
        } finally {
          await producer.disconnect().catch(() => undefined);
        }
      },
      60_000,
      `messages ${from} to ${from + count - 1} acknowledged by every in-sync replica`,
      1000,
    );
  }
});
