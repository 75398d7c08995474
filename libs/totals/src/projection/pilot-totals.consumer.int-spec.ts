import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { createKafka } from '@pft/platform/kafka/kafka-factory';
import { DataSource } from 'typeorm';
import { encodeEventMessage, type Flight } from '@pft/contracts';
import {
  storedFlight,
  TcpProxy,
  TEST_KAFKA_BROKERS,
  testKafka,
  waitFor,
  type TestDatabase,
  withProjectionGround,
} from '@pft/testing';
import {
  asKafkaMessages,
  type DeliveredLogbookEvent,
  historyMessages,
  logbookEventMessage,
  oracleTotalsOf,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';
import { dataSourceOptions } from '@pft/platform/database/data-source';
import { PilotTotalsConsumer } from './pilot-totals.consumer';
import { readPilotTotals } from '../read/pilot-totals.read-model';

describe('PilotTotalsConsumer (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-projector-test');
  let db: TestDatabase;
  let dataSource: DataSource;
  const made = (ds: DataSource, database: TestDatabase): void => {
    dataSource = ds;
    db = database;
  };
  const ground = withProjectionGround(kafka, 8, made, { each: true });

  /** Every pilot's projected totals equal the oracle's for its history. */
  async function expectOracleTotals(histories: ReturnType<typeof sampleHistories>): Promise<void> {
    const read = await readPilotTotals(
      dataSource,
      histories.map((h) => h.pilotId),
    );
    for (const h of histories)
      expect({ pilot: h.pilotId, totals: read.get(h.pilotId)?.totals }).toEqual({
        pilot: h.pilotId,
        totals: oracleTotalsOf(h.events),
      });
  }

  it('folds 20,000 random events of 200 pilots, published with duplicates, to exactly the oracle', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-oracle', 6);
    const histories = sampleHistories(200, 100, 4242);
    await publishMessages(kafka, topic, asKafkaMessages(historyMessages(histories, { duplicateEvery: 50 })));

    const c = await ground.startConsumer(topic, deadLetters);
    try {
      await waitForProjection(kafka, dataSource, topic);
    } finally {
      await c.stop();
    }

    await expectOracleTotals(histories);
    const [{ count }] = await dataSource.query(`select count(*)::int as count from projection_dead_letters`);
    expect(count).toBe(0);
  });

  it('carries on where it stopped after losing Postgres mid-stream, and still equals the oracle', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-db-lost', 3);
    const histories = sampleHistories(50, 60, 777);
    const messages = asKafkaMessages(historyMessages(histories, { duplicateEvery: 40 }));
    const half = Math.floor(messages.length / 2);

    const proxy = await TcpProxy.start(db.url);
    const throughProxy = await new DataSource(
      dataSourceOptions(proxy.rewrite(db.url), 6, { connectMs: 1000, queryMs: 2000 }),
    ).initialize();
    // Few retries, so the outage outlasts them: the consumer gives up on its batch, restarts, and
    // must still resume from the offsets stored in Postgres.
    const impatient = createKafka(TEST_KAFKA_BROKERS, 'pft-projector-impatient', undefined, {
      retry: { initialRetryTime: 100, retries: 1 },
    });
    const crashes: boolean[] = [];
    const c = new PilotTotalsConsumer({
      kafka: impatient,
      dataSource: throughProxy,
      topic,
      deadLetterTopic: deadLetters,
      version: 1,
      concurrency: 3,
    });
    try {
      await c.start();
      c.onCrash((restarting) => crashes.push(restarting));
      await publishMessages(kafka, topic, messages.slice(0, half));
      await waitForProjection(kafka, dataSource, topic);

      await proxy.refuse();
      await publishMessages(kafka, topic, messages.slice(half));
      // Batches fail while the database is away; nothing half-applied may remain.
      await waitFor(() => (crashes.length > 0 ? true : undefined), 30_000, 'the consumer to give up a batch');
      await proxy.restore();
      await waitForProjection(kafka, dataSource, topic);
      expect(crashes.every((restarting) => restarting)).toBe(true);
    } finally {
      await c.stop();
      await throughProxy.destroy();
      await proxy.close();
    }

    await expectOracleTotals(histories);
  });

  it('applies a command only once all its events are there: part of an import waits for the rest', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-whole', 1);
    const [history] = sampleHistories(1, 12, 91);
    const { pilotId, events } = history!;
    const at = new Date('2026-11-03T00:00:00.000Z');
    const [before, command] = [events.slice(0, -4), events.slice(-4)];
    const end = command[command.length - 1]!.stream_version;
    const message = (e: DeliveredLogbookEvent, metadata: Record<string, number>) => ({
      key: pilotId,
      value: encodeEventMessage({ ...logbookEventMessage(pilotId, e, at), metadata }),
    });
    // The command's first three events change the totals: showing them alone would be visible.
    expect(oracleTotalsOf([...before, ...command.slice(0, 3)])).not.toEqual(oracleTotalsOf(before));
    await publishMessages(kafka, topic, [
      ...before.map((e) => message(e, {})),
      ...command.slice(0, 3).map((e) => message(e, { command_last_version: end })),
    ]);
    const totals = async () => (await readPilotTotals(dataSource, [pilotId])).get(pilotId)?.totals;

    const c = await ground.startConsumer(topic, deadLetters);
    try {
      await waitFor(
        async () => (isDeepStrictEqual(await totals(), oracleTotalsOf(before)) ? true : undefined),
        30000,
        'the events before the command',
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await totals()).toEqual(oracleTotalsOf(before));
      await publishMessages(kafka, topic, [message(command[3]!, { command_last_version: end })]);
      await waitForProjection(kafka, dataSource, topic);
    } finally {
      await c.stop();
    }
    expect(await totals()).toEqual(oracleTotalsOf(events));
  });

  it('sets aside a second recording of a flight already projected in an earlier batch, instead of counting it twice', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-twice', 1);
    const pilotId = randomUUID();
    const at = new Date('2026-11-02T00:00:00.000Z');
    const recording = (streamVersion: number, flightId: string, minutes: number): DeliveredLogbookEvent => ({
      stream_version: streamVersion,
      event: {
        type: 'FlightRecorded',
        version: 2,
        payload: {
          pilot_account_id: pilotId,
          flight: storedFlight({
            flight_id: flightId,
            date: '2026-10-01',
            aircraft: { category: 'airplane', rating_key: 'sep_land' },
            minutes: { total_flight_time: minutes, pic: minutes, single_engine: minutes },
          }),
        },
      },
    });
    const publish = (events: DeliveredLogbookEvent[]) =>
      publishMessages(
        kafka,
        topic,
        events.map((e) => ({ key: pilotId, value: encodeEventMessage(logbookEventMessage(pilotId, e, at)) })),
      );
    const first = randomUUID();
    const projected = [recording(1, first, 60), recording(2, randomUUID(), 45)];
    const twice = recording(3, first, 90);
    const later = recording(4, randomUUID(), 30);

    const c = await ground.startConsumer(topic, deadLetters);
    try {
      await publish(projected);
      await waitForProjection(kafka, dataSource, topic);
      // The first flight is stored by now: the second recording of it comes in a batch of its own.
      await publish([twice, later]);
      await waitForProjection(kafka, dataSource, topic);
    } finally {
      await c.stop();
    }

    const read = await readPilotTotals(dataSource, [pilotId]);
    expect(read.get(pilotId)?.totals).toEqual(oracleTotalsOf([...projected, later]));
    expect(read.get(pilotId)?.totals.flight_count).toBe(3);
    const recorded: { reason: string }[] = await dataSource.query(
      `select reason from projection_dead_letters`,
    );
    expect(recorded.map((r) => r.reason)).toEqual([`flight ${first} is already recorded`]);
  });

  it('sends a poison event to the dead-letter topic with its reason and applies the events after it', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-poison', 2);
    const [history] = sampleHistories(1, 30, 77);
    const { pilotId, events } = history!;
    const at = new Date('2026-11-02T00:00:00.000Z');
    const good = events.map((e) => logbookEventMessage(pilotId, e, at));
    // A recorded airplane flight under a key outside the catalog, a flight in year 0000 after it, and a message
    // that is not JSON.
    const poison = logbookEventMessage(
      pilotId,
      {
        stream_version: events.length + 1,
        event: {
          type: 'FlightRecorded',
          version: 2,
          payload: {
            pilot_account_id: pilotId,
            flight: {
              ...storedFlight({
                date: '2026-10-01',
                minutes: { total_flight_time: 60, pic: 60, single_engine: 60 },
              }),
              aircraft: { category: 'airplane', rating_key: 'type_no_such_aircraft' },
            },
          },
        },
      },
      at,
    );
    const poisonFlight = (poison.payload as { flight: Flight }).flight;
    // A flight in year 0000: a valid date to the event schema, one Postgres refuses to store.
    const ancient = logbookEventMessage(
      pilotId,
      {
        stream_version: events.length + 2,
        event: {
          type: 'FlightRecorded',
          version: 2,
          payload: {
            pilot_account_id: pilotId,
            flight: {
              ...poisonFlight,
              flight_id: randomUUID(),
              date: '0000-06-01',
              aircraft: { category: 'airplane', rating_key: 'sep_land' },
            },
          },
        },
      },
      at,
    );
    const laterEvent: DeliveredLogbookEvent = {
      stream_version: events.length + 3,
      event: {
        type: 'FlightRecorded',
        version: 2,
        payload: {
          pilot_account_id: pilotId,
          flight: {
            ...poisonFlight,
            flight_id: randomUUID(),
            aircraft: { category: 'airplane', rating_key: 'sep_land' },
          },
        },
      },
    };
    const later = logbookEventMessage(pilotId, laterEvent, at);
    const messages = [
      ...good.slice(0, 10).map((m) => ({ key: pilotId, value: encodeEventMessage(m) })),
      { key: pilotId, value: Buffer.from('{not json') },
      ...good.slice(10).map((m) => ({ key: pilotId, value: encodeEventMessage(m) })),
      { key: pilotId, value: encodeEventMessage(poison) },
      { key: pilotId, value: encodeEventMessage(ancient) },
      { key: pilotId, value: encodeEventMessage(later) },
    ];
    await publishMessages(kafka, topic, messages);

    const c = await ground.startConsumer(topic, deadLetters);
    try {
      await waitForProjection(kafka, dataSource, topic);
    } finally {
      await c.stop();
    }

    // The pilot's later event is applied over the gap the poison left in the stream versions.
    const read = await readPilotTotals(dataSource, [pilotId]);
    expect(read.get(pilotId)?.totals).toEqual(oracleTotalsOf([...events, laterEvent]));
    const recorded: { reason: string; kafka_offset: string; pilot: string | null }[] = await dataSource.query(
      `select reason, kafka_offset, pilot_account_id::text as pilot from projection_dead_letters order by kafka_offset`,
    );
    // Each found by its pilot, the one that is not JSON too (by its key), as an erasure finds them.
    expect(recorded.map((r) => r.pilot)).toEqual(recorded.map(() => pilotId));
    expect(recorded.map((r) => r.reason)).toEqual([
      'message is not valid JSON',
      `flight ${poisonFlight.flight_id}: its rating key is not in the catalog`,
      `flight ${(ancient.payload as { flight: Flight }).flight.flight_id} is dated before 1903-12-17`,
    ]);

    const dlq = kafka.consumer({ groupId: `dlq-${randomUUID()}` });
    const seen: Record<string, unknown>[] = [];
    await dlq.connect();
    await dlq.subscribe([deadLetters], { fromBeginning: true });
    await dlq.run({
      eachMessage: ({ message }) => {
        seen.push(JSON.parse(message.value!.toString()));
        return Promise.resolve();
      },
    });
    try {
      await waitFor(() => (seen.length >= 3 ? true : undefined), 30000, 'three dead letters');
    } finally {
      await dlq.disconnect();
    }
    expect(seen[1]).toMatchObject({
      reason: `flight ${poisonFlight.flight_id}: its rating key is not in the catalog`,
      topic,
      offset: recorded[1]!.kafka_offset,
      original: encodeEventMessage(poison).toString('utf8'),
    });
  });
});
