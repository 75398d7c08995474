import { isDeepStrictEqual } from 'node:util';
import { createKafka } from '@pft/platform/kafka/kafka-factory';
import { DataSource } from 'typeorm';
import { encodeEventMessage } from '@pft/contracts';
import {
  expectOracleTotals,
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

// The events it sets aside as dead letters: pilot-totals.consumer.dead-letters.int-spec.ts.
describe('PilotTotalsConsumer (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-projector-test');
  let db: TestDatabase;
  let dataSource: DataSource;
  const made = (ds: DataSource, database: TestDatabase): void => {
    dataSource = ds;
    db = database;
  };
  const ground = withProjectionGround(kafka, 8, made, { each: true });

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

    await expectOracleTotals(dataSource, histories);
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

    await expectOracleTotals(dataSource, histories);
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
});
