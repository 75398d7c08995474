import { randomBytes, randomUUID } from 'node:crypto';
import { KAFKA_CLIENTS, type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { createDataSource, createKafka, ensureTopics } from '@pft/platform';
import {
  appendFlightDeletions,
  createTestDatabase,
  deleteTestTopics,
  TcpProxy,
  TEST_KAFKA_BROKERS,
  topicMessages,
  waitFor,
  type TestDatabase,
  withProducerSend,
} from '@pft/testing';
import { OutboxRelay } from './outbox-relay';
import { eventIdOf } from './outbox-reconcile';
import { type OutboxRelayOptions } from './outbox-relay.options';

/** The Kafka client as it is, except that each acknowledged send calls `afterSend` before returning. */
function withAfterSend(kafka: KafkaClient, afterSend: () => void): KafkaClient {
  return withProducerSend(kafka, async (record, sendOn) => {
    await sendOn(record);
    afterSend();
  });
}

/** The Kafka client as it is, except that each send waits for `gate` before it goes to Kafka. */
function withHeldSend(kafka: KafkaClient, gate: () => Promise<void>): KafkaClient {
  return withProducerSend(kafka, async (record, sendOn) => {
    await gate();
    await sendOn(record);
  });
}

describe.each(KAFKA_CLIENTS)('outbox relay on %s: each event published once (Postgres + Kafka)', (client) => {
  let db: TestDatabase;
  let writes: DataSource;
  let kafka: KafkaClient;
  let proxy: TcpProxy;
  let topic: string;
  const relays: OutboxRelay[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    writes = await createDataSource(db.url, 2).initialize();
    kafka = createKafka(TEST_KAFKA_BROKERS, 'relay-once-test', undefined, undefined, client);
    proxy = await TcpProxy.start(db.url);
    topic = `test-relay-once-${randomBytes(5).toString('hex')}`;
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await proxy.close();
    await writes.destroy();
    await db.drop();
    await deleteTestTopics(kafka, [topic]).catch(() => undefined);
  });

  function relay(options: Partial<OutboxRelayOptions>, counts: { alreadyPublished: number }): OutboxRelay {
    const r = new OutboxRelay({
      databaseUrl: db.url,
      kafka,
      topic,
      pollIntervalMs: 50,
      leaseMs: 2000,
      queryTimeoutMs: 1000,
      connectTimeoutMs: 1000,
      onAlreadyPublished: (count) => (counts.alreadyPublished += count),
      ...options,
    });
    relays.push(r);
    return r;
  }

  /**
   * Starts a relay through the proxy whose first send Kafka acknowledges and whose delete that follows
   * never reaches Postgres (the proxy drops it), and waits for it to stand down.
   */
  async function cutAfterFirstSend(counts: { alreadyPublished: number }): Promise<void> {
    let sends = 0;
    const cut = relay(
      {
        databaseUrl: proxy.rewrite(db.url),
        kafka: withAfterSend(kafka, () => (sends += 1) === 1 && proxy.blackhole()),
      },
      counts,
    );
    cut.start();
    await waitFor(
      () => (sends > 0 && !cut.isLeader ? true : undefined),
      30_000,
      'the cut relay to stand down',
    );
  }

  /** Appends `count` events to a new pilot's logbook; their event ids. */
  async function append(count: number): Promise<string[]> {
    const pilot = randomUUID();
    const appended = await writes.transaction((m) => appendFlightDeletions(m, pilot, count));
    return appended.events.map((e) => e.event_id);
  }

  async function outbox(where = 'true'): Promise<number> {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from event_outbox where ${where}`,
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  }

  /** Waits for the outbox to empty, stops every relay, then compares the topic with the events written. */
  async function expectEachOnce(written: string[]): Promise<void> {
    await waitFor(async () => ((await outbox()) === 0 ? true : undefined), 60_000, 'an empty outbox');
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    const onTopic = (await topicMessages(kafka, topic)).map(eventIdOf);
    expect(onTopic).toHaveLength(written.length);
    expect([...onTopic].sort()).toEqual([...written].sort());
  }

  it('a relay whose delete is cut after Kafka acknowledged: the next relay publishes the rest, each event once', async () => {
    await ensureTopics(kafka, [{ topic, numPartitions: 3, retentionMs: -1 }]);
    const written = [...(await append(12)), ...(await append(8))];
    await cutAfterFirstSend({ alreadyPublished: 0 });
    expect(await outbox('sent_at is not null')).toBe(20);

    const nextCounts = { alreadyPublished: 0 };
    relay({}, nextCounts).start();
    written.push(...(await append(10)));
    await expectEachOnce(written);
    expect(nextCounts.alreadyPublished).toBe(20);
  });

  it('the same relay, its delete cut after Kafka acknowledged, comes back and publishes each event once', async () => {
    await ensureTopics(kafka, [{ topic, numPartitions: 3, retentionMs: -1 }]);
    const written = await append(15);
    const counts = { alreadyPublished: 0 };
    await cutAfterFirstSend(counts);
    await proxy.restore();
    written.push(...(await append(5)));
    await expectEachOnce(written);
    expect(counts.alreadyPublished).toBe(15);
  });

  it('a relay whose send lands after its lease moved on reports the batch sent late, and does not send it again', async () => {
    await ensureTopics(kafka, [{ topic, numPartitions: 3, retentionMs: -1 }]);
    const written = await append(6);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    const warnings: string[] = [];
    let late = 0;
    const counts = { alreadyPublished: 0 };
    const r = relay(
      {
        // A send that waits past the lease's move: what a freeze after the last look at the lease does.
        kafka: withHeldSend(kafka, () => ((held = true), released)),
        logger: { log: () => undefined, warn: (m) => warnings.push(m), error: () => undefined },
        onSentLate: (count) => (late += count),
      },
      counts,
    );
    r.start();
    await waitFor(() => (held ? true : undefined), 30_000, 'the send to be held');
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    try {
      // Another holder takes the lease meanwhile (a new token), as after the lease ran out.
      await admin.query(
        `update relay_leases set holder = 'another relay', token = token + 1, expires_at = now() + interval '1 hour'`,
      );
      await waitFor(() => (!r.isLeader ? true : undefined), 30_000, 'the relay to learn it lost the lease');
      release();
      await waitFor(() => (late > 0 ? true : undefined), 30_000, 'the late batch reported');
      expect(late).toBe(6);
      expect(warnings.join('\n')).toMatch(
        /6 events \(outbox positions \d+ to \d+\) sent under lease token \d+ were acknowledged after it moved on/,
      );
      // The lease comes back to this relay: it finds the batch on the topic and does not send it again.
      await admin.query(`update relay_leases set expires_at = now()`);
    } finally {
      await admin.end();
    }
    await expectEachOnce(written);
    expect(counts.alreadyPublished).toBe(6);
  });

  // The failed send is a send to a topic not created yet, which kafkajs fails after its retries;
  // @platformatic/kafka waits for the topic instead.
  if (client === 'kafkajs') {
    it('sends rows marked in flight whose send failed, once', async () => {
      // The topic does not exist yet: each send fails after the rows were marked.
      const warnings: string[] = [];
      const counts = { alreadyPublished: 0 };
      relay(
        {
          kafka: createKafka(
            TEST_KAFKA_BROKERS,
            'relay-once-test',
            undefined,
            {
              retry: { retries: 1, initialRetryTime: 100 },
            },
            client,
          ),
          logger: { log: () => undefined, warn: (m) => warnings.push(m), error: () => undefined },
        },
        counts,
      ).start();
      const written = await append(15);
      await waitFor(
        async () => ((await outbox('sent_at is not null')) === 15 && warnings.length > 0 ? true : undefined),
        60_000,
        'the rows marked and a send failed',
      );
      await ensureTopics(kafka, [{ topic, numPartitions: 3, retentionMs: -1 }]);
      await expectEachOnce(written);
      expect(counts.alreadyPublished).toBe(0);
    });
  }
});
