import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { encodeEventMessage, type Flight } from '@pft/contracts';
import { storedFlight, testKafka, waitFor, withProjectionGround } from '@pft/testing';
import {
  type DeliveredLogbookEvent,
  flightRecordedAt,
  logbookEventMessage,
  oracleTotalsOf,
  publishMessages,
  sampleHistories,
  waitForProjection,
} from '@pft/testing/oracle';
import { readPilotTotals } from '../read/pilot-totals.read-model';

describe('PilotTotalsConsumer setting events aside as dead letters (real Kafka and Postgres)', () => {
  const kafka = testKafka('pft-projector-test');
  let dataSource: DataSource;
  const ground = withProjectionGround(kafka, 8, (ds) => (dataSource = ds), { each: true });

  it('sets aside a second recording of a flight already projected in an earlier batch, instead of counting it twice', async () => {
    const [topic, deadLetters] = await ground.topicPair('projector-twice', 1);
    const pilotId = randomUUID();
    const at = new Date('2026-11-02T00:00:00.000Z');
    const recording = (streamVersion: number, flightId: string, minutes: number): DeliveredLogbookEvent =>
      flightRecordedAt(
        pilotId,
        streamVersion,
        storedFlight({
          flight_id: flightId,
          date: '2026-10-01',
          aircraft: { category: 'airplane', rating_key: 'sep_land' },
          minutes: { total_flight_time: minutes, pic: minutes, single_engine: minutes },
        }),
      );
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
      flightRecordedAt(pilotId, events.length + 1, {
        ...storedFlight({
          date: '2026-10-01',
          minutes: { total_flight_time: 60, pic: 60, single_engine: 60 },
        }),
        aircraft: { category: 'airplane', rating_key: 'type_no_such_aircraft' },
      }),
      at,
    );
    const poisonFlight = (poison.payload as { flight: Flight }).flight;
    // A flight in year 0000: a valid date to the event schema, one Postgres refuses to store.
    const ancient = logbookEventMessage(
      pilotId,
      flightRecordedAt(pilotId, events.length + 2, {
        ...poisonFlight,
        flight_id: randomUUID(),
        date: '0000-06-01',
        aircraft: { category: 'airplane', rating_key: 'sep_land' },
      }),
      at,
    );
    const laterEvent = flightRecordedAt(pilotId, events.length + 3, {
      ...poisonFlight,
      flight_id: randomUUID(),
      aircraft: { category: 'airplane', rating_key: 'sep_land' },
    });
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
