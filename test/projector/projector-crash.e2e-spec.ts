/**
 * The projector app as its own process, killed with SIGKILL at random moments and started again:
 * the projection still equals the oracle exactly. Runs the build: `npm run build` first (the
 * project's `npm test` does).
 */
import { Client } from 'pg';
import {
  createTestDatabase,
  createTestTopic,
  deleteTestTopics,
  startAppProcess,
  testKafka,
  type TestDatabase,
} from '@pft/testing';
import {
  appliedMessages,
  asKafkaMessages,
  historyMessages,
  oracleTotalsOf,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';
import { readPilotTotals } from '@pft/projections';

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

    const read = await readPilotTotals(
      client,
      histories.map((h) => h.pilotId),
    );
    for (const h of histories) {
      expect({ pilot: h.pilotId, totals: read.get(h.pilotId)?.totals }).toEqual({
        pilot: h.pilotId,
        totals: oracleTotalsOf(h.events),
      });
    }
    expect(await appliedMessages(client)).toBe(messages.length);
  });
});
