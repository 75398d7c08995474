/**
 * The projector app as its own process, killed with SIGKILL at random moments and started again:
 * the projection still equals the oracle exactly; and two replicas in one group, one of them killed
 * while events flow and a third started: the partitions move, and nothing is skipped or applied
 * twice. Runs the tests' build: `npm run build:test` first (the project's `npm test` does).
 */
import { Client } from 'pg';
import {
  createTestDatabase,
  createTestTopic,
  expectOracleTotals,
  deleteTestTopics,
  type AppProcess,
  startAppProcess,
  startedTogether,
  testKafka,
  type TestDatabase,
  waitFor,
} from '@pft/testing';
import {
  appliedMessages,
  asKafkaMessages,
  historyMessages,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The events a projector process applied, from its metrics. */
async function appliedBy(app: AppProcess): Promise<number> {
  const text = await (await fetch(`${app.metricsUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('pft_projection_events_applied_total{'));
  return Number(line?.split(' ').pop() ?? 0);
}

/** Per partition, the next offset stored for version 1. */
async function storedOffsets(client: Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ kafka_partition: number; next_offset: string }>(
    `select kafka_partition, next_offset from projection_offsets where version = 1`,
  );
  return new Map(rows.map((r) => [r.kafka_partition, Number(r.next_offset)]));
}

describe('projector app killed with SIGKILL and restarted', () => {
  const kafka = testKafka('pft-projector-crash-test');
  const topics: string[] = [];
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
    if (topics.length > 0) await deleteTestTopics(kafka, topics);
  });

  it('folds 20,000 events of 200 pilots to exactly the oracle across five kills at random moments', async () => {
    const topic = await createTestTopic(kafka, 'projector-crash', 6);
    const deadLetters = await createTestTopic(kafka, 'projector-crash-dlq', 1);
    topics.push(topic, deadLetters);
    const env = {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '6',
      PILOT_EVENTS_TOPIC: topic,
      DEAD_LETTER_TOPIC: deadLetters,
      PROJECTOR_SESSION_TIMEOUT_MS: '6000',
    };
    const histories = sampleHistories(200, 100, 9001);
    const messages = asKafkaMessages(historyMessages(histories, { duplicateEvery: 40 }));
    const rounds = 5;
    const chunk = Math.ceil(messages.length / rounds);
    const progress: number[] = [];

    // Each round publishes a fifth more and kills the projector while it works through it: once it
    // has stored offsets past a random part of that fifth. A kill after a fixed random delay landed,
    // on a fast day, after the projector had already finished its fifth in every round.
    for (let round = 0; round < rounds; round += 1) {
      await publishMessages(kafka, topic, messages.slice(round * chunk, (round + 1) * chunk), 1000);
      const before = await appliedMessages(client);
      const part = Math.floor(chunk * (0.1 + Math.random() * 0.8));
      const app = await startAppProcess('projector', env);
      try {
        const deadline = Date.now() + 60_000;
        while ((await appliedMessages(client)) - before < part && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      } finally {
        expect(await app.stop('SIGKILL')).toBe('SIGKILL');
      }
      progress.push((await appliedMessages(client)) - before);
    }

    const app = await startAppProcess('projector', env);
    try {
      await waitForProjection(kafka, client, topic, { timeoutMs: 120000 });
    } finally {
      expect(await app.stop('SIGTERM')).toBe(0);
    }
    // The kills landed while there was work: not every round finished its fifth before dying.
    expect(progress.some((p) => p < chunk)).toBe(true);

    await expectOracleTotals(client, histories);
    expect(await appliedMessages(client)).toBe(messages.length);
  });

  it('two replicas split the partitions; one killed, the other takes them within 10 s; a third takes its share', async () => {
    const topic = await createTestTopic(kafka, 'projector-failover', 6);
    const deadLetters = await createTestTopic(kafka, 'projector-failover-dlq', 1);
    topics.push(topic, deadLetters);
    const failoverDb = await createTestDatabase();
    const db2 = new Client({ connectionString: failoverDb.url });
    await db2.connect();
    // The default session timeout (6000 ms, the broker's least): what a deployment gets.
    const env = { DATABASE_URL: failoverDb.url, PILOT_EVENTS_TOPIC: topic, DEAD_LETTER_TOPIC: deadLetters };
    const histories = sampleHistories(240, 100, 4711);
    const messages = asKafkaMessages(historyMessages(histories, { duplicateEvery: 40 }));
    const apps: AppProcess[] = [];
    let thirdJoined = false;
    try {
      const [a, b] = await startedTogether([
        startAppProcess('projector', env),
        startAppProcess('projector', env),
      ]);
      apps.push(a, b);
      // Events keep flowing on every partition: 100 every 100 ms (one producer throughout) until the
      // third is in; the last fifth once it is, and what is left then at once.
      const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await producer.connect();
      const publishing = (async () => {
        try {
          for (let i = 0; i < messages.length; i += 100) {
            while (i >= messages.length * 0.8 && !thirdJoined) await sleep(100);
            await producer.send({ topic, messages: messages.slice(i, i + 100) });
            if (!thirdJoined) await sleep(100);
          }
        } finally {
          await producer.disconnect();
        }
      })();
      await waitFor(
        async () => ((await appliedBy(a)) > 0 && (await appliedBy(b)) > 0 ? true : undefined),
        30_000,
        'both projectors to apply events of their partitions',
      );

      expect(await a.stop('SIGKILL')).toBe('SIGKILL');
      const killedAt = performance.now();
      // What the killed one may still have had committing is in once its connections are gone.
      await sleep(300);
      const atKill = await storedOffsets(db2);
      const resumed = await waitFor(
        async () => {
          const now = await storedOffsets(db2);
          const all = [...Array(6).keys()].every((p) => (now.get(p) ?? 0) > (atKill.get(p) ?? 0));
          return all ? performance.now() - killedAt : undefined;
        },
        30_000,
        'events on every partition to be applied again',
        50,
      );
      console.log(
        `failover: events on every partition applied again ${resumed.toFixed(0)} ms after the SIGKILL`,
      );
      expect(resumed).toBeLessThan(10_000);

      const c = await startAppProcess('projector', env);
      apps.push(c);
      thirdJoined = true;
      // The group gives the newcomer partitions of its own, and it resumes them from the stored offsets.
      await waitFor(
        async () => ((await appliedBy(c)) > 0 ? true : undefined),
        60_000,
        'the third projector to apply events',
      );
      await publishing;
      await waitForProjection(kafka, db2, topic, { timeoutMs: 120_000 });
      const [appliedB, appliedC] = [await appliedBy(b), await appliedBy(c)];
      console.log(
        `after the rebalance: the survivor applied ${appliedB} events in all, the newcomer ${appliedC}`,
      );
      expect(await b.stop('SIGTERM')).toBe(0);
      expect(await c.stop('SIGTERM')).toBe(0);

      await expectOracleTotals(db2, histories);
      expect(await appliedMessages(db2)).toBe(messages.length);
    } finally {
      thirdJoined = true;
      await Promise.all(apps.map((app) => app.stop('SIGKILL')));
      await db2.end();
      await failoverDb.drop();
    }
  }, 300_000);
});
