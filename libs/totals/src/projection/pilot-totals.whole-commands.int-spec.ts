import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { encodeEventMessage } from '@pft/contracts';
import { createKafka } from '@pft/platform/kafka/kafka-factory';
import { KAFKA_CLIENTS } from '@pft/platform/kafka/kafka.port';
import { storedFlight, TEST_KAFKA_BROKERS, testKafka, waitFor, withProjectionGround } from '@pft/testing';
import {
  type DeliveredLogbookEvent,
  flightRecordedAt,
  logbookEventMessage,
  publishMessages,
  waitForProjection,
} from '@pft/testing/oracle';
import { PilotTotalsConsumer } from './pilot-totals.consumer';
import { readPilotTotals } from '../read/pilot-totals.read-model';

/** Far below one command's events: the command spans dozens of fetches. */
const FETCH_BYTES = 32 * 1024;
const COMMAND_EVENTS = 2_000;

describe.each(KAFKA_CLIENTS)(
  'PilotTotalsConsumer on %s: a command longer than a fetch is applied whole (real Kafka and Postgres)',
  (client) => {
    const kafka = testKafka('pft-projector-whole');
    const consumerKafka = createKafka(
      TEST_KAFKA_BROKERS,
      'pft-projector-whole',
      undefined,
      undefined,
      client,
    );
    let dataSource: DataSource;
    const ground = withProjectionGround(kafka, 8, (ds) => (dataSource = ds), { each: true });

    const recorded = (pilotId: string, streamVersion: number): DeliveredLogbookEvent =>
      flightRecordedAt(
        pilotId,
        streamVersion,
        storedFlight({
          flight_id: randomUUID(),
          date: '2026-10-01',
          aircraft: { category: 'airplane', rating_key: 'sep_land' },
          minutes: { total_flight_time: 60, pic: 60, single_engine: 60 },
        }),
      );

    /** `count` events of one command of the pilot from `from` on, each naming the command's last version. */
    const command = (pilotId: string, from: number, count: number) => {
      const end = from + count - 1;
      const at = new Date('2026-11-03T00:00:00.000Z');
      return Array.from({ length: count }, (_, i) => ({
        key: pilotId,
        value: encodeEventMessage({
          ...logbookEventMessage(pilotId, recorded(pilotId, from + i), at),
          metadata: { command_last_version: end },
        }),
      }));
    };

    const startConsumer = async (topic: string, deadLetters: string) => {
      const consumer = new PilotTotalsConsumer({
        kafka: consumerKafka,
        dataSource,
        topic,
        deadLetterTopic: deadLetters,
        version: 1,
        maxBytesPerPartition: FETCH_BYTES,
      });
      await consumer.start();
      return consumer;
    };

    const flightCount = async (pilotId: string): Promise<number> =>
      (await readPilotTotals(dataSource, [pilotId])).get(pilotId)?.totals.flight_count ?? 0;

    /** The pilot's flights rows by the transaction that wrote them: how many each wrote, most first. */
    const rowsPerTransaction = async (pilotId: string): Promise<number[]> => {
      const rows = await dataSource.query<{ rows: number }[]>(
        `select count(*)::int as rows from pilot_flights_v1 where pilot_account_id = $1
        group by xmin::text order by count(*) desc`,
        [pilotId],
      );
      return rows.map((r) => r.rows);
    };

    it('applies a command of 2,000 events sent in many fetches in one transaction: a read meanwhile sees before or after', async () => {
      const [topic, deadLetters] = await ground.topicPair('projector-long-command', 1);
      const pilotId = randomUUID();
      const other = randomUUID();
      // Three single flights first, then the command, with another pilot's commands among its sends.
      const before = [1, 2, 3].flatMap((v) => command(pilotId, v, 1));
      const long = command(pilotId, 4, COMMAND_EVENTS);
      const bytes = long.reduce((sum, m) => sum + m.value.length, 0);
      expect(bytes).toBeGreaterThan(20 * FETCH_BYTES);
      await publishMessages(kafka, topic, before);

      const consumer = await startConsumer(topic, deadLetters);
      const seen = new Set<number>();
      let polling = true;
      const poll = (async () => {
        while (polling) {
          seen.add(await flightCount(pilotId));
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      try {
        await waitFor(
          async () => ((await flightCount(pilotId)) === 3 ? true : undefined),
          30_000,
          'the flights before',
        );
        for (let i = 0; i < long.length; i += 250) {
          await publishMessages(kafka, topic, long.slice(i, i + 250));
          await publishMessages(kafka, topic, command(other, i / 250 + 1, 1));
        }
        await waitForProjection(kafka, dataSource, topic);
      } finally {
        polling = false;
        await poll;
        await consumer.stop();
      }

      expect(await flightCount(pilotId)).toBe(3 + COMMAND_EVENTS);
      expect(await flightCount(other)).toBe(COMMAND_EVENTS / 250);
      // Every read saw the flights before the command, or all of it: never part of it.
      expect([...seen].filter((n) => ![0, 3, 3 + COMMAND_EVENTS].includes(n))).toEqual([]);
      expect(seen.has(3)).toBe(true);
      // The command's 2,000 rows were written by one transaction (which may have touched those before).
      const written = await rowsPerTransaction(pilotId);
      expect(written[0]).toBeGreaterThanOrEqual(COMMAND_EVENTS);
      expect(written.reduce((sum, n) => sum + n, 0)).toBe(3 + COMMAND_EVENTS);
    });

    it('stores the command’s first offset while it is held: a consumer started again reads it whole from there', async () => {
      const [topic, deadLetters] = await ground.topicPair('projector-held-restart', 1);
      const pilotId = randomUUID();
      const first = command(pilotId, 1, 1);
      const long = command(pilotId, 2, COMMAND_EVENTS);
      await publishMessages(kafka, topic, [...first, ...long.slice(0, COMMAND_EVENTS / 2)]);

      let consumer = await startConsumer(topic, deadLetters);
      try {
        await waitFor(
          async () => ((await flightCount(pilotId)) === 1 ? true : undefined),
          30_000,
          'the first flight',
        );
        // Every fetch of the first half has come and been held: the stored offset stays at the command.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const stored = await dataSource.query<{ next_offset: number }[]>(
          `select next_offset::int as next_offset from projection_offsets where version = 1`,
        );
        expect(stored).toEqual([{ next_offset: 1 }]);
        expect(await flightCount(pilotId)).toBe(1);
        await consumer.stop();

        await publishMessages(kafka, topic, long.slice(COMMAND_EVENTS / 2));
        consumer = await startConsumer(topic, deadLetters);
        await waitForProjection(kafka, dataSource, topic);
      } finally {
        await consumer.stop();
      }
      expect(await flightCount(pilotId)).toBe(1 + COMMAND_EVENTS);
      expect((await rowsPerTransaction(pilotId))[0]).toBeGreaterThanOrEqual(COMMAND_EVENTS);
    });
  },
);
