import { randomUUID } from 'node:crypto';
import { type KafkaClient } from '@pft/platform';
import { Client } from 'pg';
import { jsonLines } from '../foundation/support/scrape';
import { mintPilotToken } from '@pft/logbook/pilot-auth/pilot-jwt';
import {
  type AppProcess,
  createTestDatabase,
  createTestTopic,
  decodeWithDataKeys,
  flightBody,
  type KafkaBroker,
  startAppProcess,
  startKafkaBroker,
  type TestDatabase,
  getJson,
  readinessIs,
  untilReadiness,
  waitFor,
  startTogether,
} from '@pft/testing';

const SECRET = 'kafka-cut-test-secret-long-enough-for-hs256';

/**
 * The ingestion app as its own process, in front of a Kafka broker of this test's own that is
 * stopped and started again: the outbox holds pilots' writes while the broker is gone.
 */
describe('ingestion with its Kafka broker cut', () => {
  let broker: KafkaBroker;
  let kafka: KafkaClient;
  let db: TestDatabase;
  let topic: string;
  let ingestion: AppProcess;
  const pilot = randomUUID();
  const token = mintPilotToken(SECRET, pilot, 3600);
  const written: string[] = [];

  const recordFlight = async (): Promise<number> => {
    const body = flightBody();
    const response = await fetch(`${ingestion.url}/pilot/v1/flights`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status === 201) written.push(body.flight_id as string);
    return response.status;
  };

  beforeAll(async () => {
    [broker, db] = await startTogether([startKafkaBroker(), createTestDatabase()]);
    kafka = broker.kafka('pft-kafka-cut');
    topic = await createTestTopic(kafka, 'kafka-cut', 3);
    const deadLetters = await createTestTopic(kafka, 'kafka-cut-dead', 1);
    ingestion = await startAppProcess('ingestion', {
      DATABASE_URL: db.url,
      KAFKA_BROKERS: broker.brokers,
      PILOT_EVENTS_TOPIC: topic,
      DEAD_LETTER_TOPIC: deadLetters,
      PILOT_EVENTS_PARTITIONS: '3',
      JWT_SECRET: SECRET,
    });
    const ready = await getJson(`${ingestion.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({
      status: 'ready',
      checks: { postgres: 'up', kafka: 'up', redis: 'up' },
    });
    // One write while the broker is up, so the outage starts with the relay connected.
    expect(await recordFlight()).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await ingestion?.stop();
    await broker?.close();
    await db?.drop();
  });

  it('stays ready (200) while its broker is stopped, naming Kafka as degraded', async () => {
    await broker.stop();
    // Until the app has noticed, it says Kafka is up; the first other answer is judged.
    const noticed = await untilReadiness(
      ingestion,
      (ready) => ready.body?.data?.checks?.kafka !== 'up',
      60_000,
      'readiness to notice that Kafka is gone',
      250,
    );
    expect(noticed.status).toBe(200);
    expect(noticed.body.data).toEqual({
      status: 'degraded',
      checks: { postgres: 'up', kafka: 'down', redis: 'up' },
    });
  });

  it('accepts pilot writes (201) while the broker is down', async () => {
    expect(broker.pid()).toBeUndefined();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await recordFlight());
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
  });

  it('publishes every write to Kafka, once each, when the broker is back', async () => {
    await broker.start();
    const seen = new Map<string, number>();
    const consumer = kafka.consumer({ groupId: `test-${randomUUID()}`, maxWaitTimeMs: 100 });
    // The data keys the app sealed the flights with.
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    await consumer.connect();
    try {
      await consumer.subscribe([topic], { fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const decoded = await decodeWithDataKeys(message.value, sql);
          if (decoded.ok && decoded.message.type === 'FlightRecorded') {
            const id = (decoded.message.payload as { flight: { flight_id: string } }).flight.flight_id;
            seen.set(id, (seen.get(id) ?? 0) + 1);
          }
        },
      });
      await waitFor(
        () => (written.every((id) => seen.has(id)) ? true : undefined),
        120_000,
        'every write to be published',
        250,
      );
    } finally {
      await consumer.disconnect();
      await sql.end();
    }
    expect(written).toHaveLength(6);
    expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(written.map((id) => [id, 1])));

    const back = await untilReadiness(
      ingestion,
      readinessIs('ready'),
      60_000,
      'readiness to answer as before the cut',
      250,
    );
    expect(back.status).toBe(200);
    expect(back.body.data.checks.kafka).toBe('up');
  }, 240_000);

  it("logs the Kafka client's own complaints during the cut as JSON lines with their level, nothing else", () => {
    // jsonLines fails on any line that is not JSON (a warning Node printed, a library's console line).
    const fromClient = jsonLines(ingestion).filter((line) => line.context === 'kafka');
    expect(fromClient.length).toBeGreaterThan(0);
    for (const line of fromClient) {
      expect(line).toEqual(
        expect.objectContaining({
          level: expect.any(Number),
          namespace: expect.any(String),
          msg: expect.any(String),
        }),
      );
    }
    // The broker refused connections while it was stopped: the client said so at level error.
    expect(
      fromClient.some((line) => line.level === 50 && /ECONNREFUSED|Connection error/.test(String(line.msg))),
    ).toBe(true);
  });
});
