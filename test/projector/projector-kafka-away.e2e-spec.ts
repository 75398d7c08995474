/**
 * The projector with no broker to reach: it answers liveness at once, is not ready (naming Kafka and
 * its consumer), keeps trying with backoff instead of exiting, and projects once the broker is there;
 * the same when the broker goes away later. The broker is this test's own, so that stopping it takes
 * nothing from other tests. Runs the tests' build (`npm run build:test`).
 */
import { Client } from 'pg';
import {
  createTestDatabase,
  createTestTopic,
  expectOracleTotals,
  type AppProcess,
  type KafkaBroker,
  startAppProcess,
  startKafkaBroker,
  type TestDatabase,
  getJson,
  untilReadiness,
  waitFor,
  startTogether,
} from '@pft/testing';
import {
  asKafkaMessages,
  historyMessages,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';

const readiness = (app: AppProcess) => getJson(`${app.url}/health/ready`);

describe('projector while Kafka is away', () => {
  let broker: KafkaBroker;
  let db: TestDatabase;
  let client: Client;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    [broker, db] = await startTogether([startKafkaBroker(), createTestDatabase()]);
    client = new Client({ connectionString: db.url });
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    await app?.stop('SIGKILL');
    await client?.end();
    await broker?.close();
    await db?.drop();
  });

  it('is live at once, not ready until the broker comes, then projects; and again after the broker is lost', async () => {
    const kafka = broker.kafka('pft-projector-kafka-away');
    const topics = [
      await createTestTopic(kafka, 'kafka-away', 3),
      await createTestTopic(kafka, 'kafka-away-dead', 1),
    ];
    const histories = sampleHistories(30, 40, 4242);
    const messages = asKafkaMessages(historyMessages(histories));
    const half = Math.floor(messages.length / 2);
    await publishMessages(kafka, topics[0]!, messages.slice(0, half));
    await broker.stop();

    const started = performance.now();
    app = await startAppProcess(
      'projector',
      {
        DATABASE_URL: db.url,
        KAFKA_BROKERS: broker.brokers,
        PILOT_EVENTS_TOPIC: topics[0]!,
        DEAD_LETTER_TOPIC: topics[1]!,
        LOG_LEVEL: 'info',
        // Tries to start the consumer 1 s, 2 s, then every 2 s apart (up to 10 s in production): it finds
        // the broker soon after it is back.
        PROJECTOR_START_RETRY_MAX_MS: '2000',
      },
      { waitReady: false },
    );
    const running = app;
    await waitFor(
      async () =>
        (await getJson(`${running.url}/health/live`).catch(() => undefined))?.status === 200
          ? true
          : undefined,
      30_000,
      'the projector to answer /health/live',
      20,
    );
    const liveAt = Date.now();
    const liveMs = performance.now() - started;
    // From the app's first line (Nest starting, after Node has loaded the code, which on a loaded
    // machine takes seconds of its own) to the first answer.
    const firstLine = JSON.parse(running.output().split('\n')[0]!) as { time: number; msg: string };
    expect(firstLine.msg).toBe('Starting Nest application...');
    const bootMs = liveAt - firstLine.time;
    console.log(
      `projector live ${liveMs.toFixed(0)} ms after its process started, ${bootMs} ms after Nest started, with no broker to reach`,
    );
    expect(bootMs).toBeLessThan(2000);

    const notReady = await readiness(running);
    expect(notReady.status).toBe(503);
    expect(notReady.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(notReady.body.error.message).toBe('Not ready: kafka, consumer unavailable');
    expect(notReady.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'kafka', issue: 'unavailable' },
        { field: 'consumer', issue: 'unavailable' },
      ]),
    );

    // Longer than the client's own retries once took to make the process exit, with two tries or more.
    await waitFor(
      () =>
        (running.output().match(/consumer not started \(attempt \d+\)/g) ?? []).length >= 3
          ? true
          : undefined,
      30_000,
      'three logged attempts to start the consumer',
    );
    expect(running.output()).toMatch(/consumer not started \(attempt 2\): .*; trying again in 2000 ms/);
    expect(running.child.exitCode).toBeNull();
    expect((await readiness(running)).status).toBe(503);

    await broker.start();
    const backAfter = performance.now();
    await untilReadiness(running, (r) => r.status === 200, 60_000, 'ready');
    console.log(`projector ready ${(performance.now() - backAfter).toFixed(0)} ms after the broker started`);
    expect((await readiness(running)).body.data.checks).toEqual({
      postgres: 'up',
      kafka: 'up',
      consumer: 'up',
      redis: 'up',
    });
    await waitForProjection(kafka, client, topics[0]!, { timeoutMs: 60_000 });

    // The broker goes away while it consumes: not ready, still running; back, and it goes on.
    await broker.stop();
    await untilReadiness(running, (r) => r.status === 503, 30_000, 'not ready');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(running.child.exitCode).toBeNull();
    expect((await getJson(`${running.url}/health/live`)).status).toBe(200);
    await broker.start();
    await publishMessages(kafka, topics[0]!, messages.slice(half));
    await untilReadiness(running, (r) => r.status === 200, 90_000, 'ready again');
    await waitForProjection(kafka, client, topics[0]!, { timeoutMs: 90_000 });

    await expectOracleTotals(client, histories);
    expect(await readiness(running)).toMatchObject({ status: 200 });
    expect(await running.stop('SIGTERM')).toBe(0);
  }, 400_000);
});
