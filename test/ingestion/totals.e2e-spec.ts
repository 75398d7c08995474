import { randomUUID } from 'node:crypto';
import { type EventConsumer } from '@pft/platform';
import { type EventMessage } from '@pft/contracts';
import { decodeWithDataKeys, waitFor } from '@pft/testing';
import {
  flightBody,
  pilotSnapshot,
  startIngestion,
  type IngestionHarness,
} from './support/ingestion-harness';

describe('pilot app API: starting totals, totals, and the relay to Kafka (e2e)', () => {
  let h: IngestionHarness;
  let consumer: EventConsumer;
  const received: { key: string; message: EventMessage; at: number }[] = [];

  beforeAll(async () => {
    h = await startIngestion({ RELAY_ENABLED: 'true', RELAY_POLL_INTERVAL_MS: '1000' });
    consumer = h.kafka.consumer({ groupId: `test-${randomUUID()}`, maxWaitTimeMs: 20 });
    await consumer.connect();
    await consumer.subscribe([h.topic], { fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        // Sealed payloads opened with the pilots' data keys, as the projector does.
        const decoded = await decodeWithDataKeys(message.value, h.sql);
        if (decoded.ok) received.push({ key: String(message.key), message: decoded.message, at: Date.now() });
      },
    });
  });
  afterAll(async () => {
    await consumer.disconnect();
    await h.close();
  });

  it('PUT starting totals: 200, every field filled, StartingTotalsSet; GET answers them', async () => {
    const pilot = h.pilot();
    const before = await h.as(pilot.token).get('/pilot/v1/starting-totals').expect(200);
    expect(before.body.data).toMatchObject({ landings: { total_day: 0, total_night: 0 }, flight_count: 0 });
    expect(Object.values(before.body.data.totals).every((m) => m === 0)).toBe(true);
    const res = await h
      .as(pilot.token)
      .put('/pilot/v1/starting-totals')
      .send({
        totals: { total_flight_time_minutes: 30000, pic_minutes: 12000 },
        rating_breakdown: { sep_land: 9000 },
      })
      .expect(200);
    expect(res.body.data.totals.total_flight_time_minutes).toBe(30000);
    expect(res.body.data.totals.night_minutes).toBe(0);
    expect(res.body.data.landings).toEqual({ total_day: 0, total_night: 0 });
    expect(res.body.data.flight_count).toBe(0);
    const { rows } = await h.sql.query('select type from events where stream_id = $1', [
      `logbook-${pilot.id}`,
    ]);
    expect(rows).toEqual([{ type: 'StartingTotalsSet' }]);
    const stored = await h.as(pilot.token).get('/pilot/v1/starting-totals').expect(200);
    expect(stored.body.data).toEqual(res.body.data);
    // Another pilot's are their own.
    const other = await h.as(h.pilot().token).get('/pilot/v1/starting-totals').expect(200);
    expect(other.body.data.totals.total_flight_time_minutes).toBe(0);
  });

  it.each([
    [{ totals: { ifr_minutes: 10 } }, 'totals.ifr_minutes'],
    [{ totals: { pic_minutes: 6_000_001 } }, 'totals.pic_minutes'],
    [{ rating_breakdown: { r22: 60 } }, 'rating_breakdown.r22'],
    [{ flight_count: 'many' }, 'flight_count'],
    [{ hours: 1 }, 'hours'],
  ])('PUT starting totals %j: 400, nothing changed', async (body, field) => {
    const pilot = h.pilot();
    await h.as(pilot.token).put('/pilot/v1/starting-totals').send({ flight_count: 3 }).expect(200);
    const before = await pilotSnapshot(h.sql, pilot.id);
    const res = await h.as(pilot.token).put('/pilot/v1/starting-totals').send(body).expect(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field })]);
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it('GET totals folds the current flights and the starting totals by the logbook rules', async () => {
    const pilot = h.pilot();
    const send = (method: 'post' | 'put' | 'delete', path: string, body?: object) =>
      h.as(pilot.token)[method](path).send(body);
    await send('put', '/pilot/v1/starting-totals', {
      totals: { total_flight_time_minutes: 1000, actual_instrument_minutes: 5 },
      landings: { total_day: 10, total_night: 1 },
      rating_breakdown: { sep_land: 600 },
      flight_count: 7,
    }).expect(200);
    const airplane = flightBody({
      date: '2026-04-01',
      minutes: { total_flight_time: 60, pic: 60, simulated_instrument: 10 },
    });
    const amendedAway = flightBody({ date: '2026-04-20', minutes: { total_flight_time: 30, pic: 30 } });
    const deleted = flightBody({ date: '2026-04-25', minutes: { total_flight_time: 45 } });
    const heli = flightBody({
      date: '2026-04-10',
      aircraft: { category: 'helicopter' },
      landings: { day: 2, night: 1 },
    });
    const sim = flightBody({
      kind: 'simulator',
      aircraft: { category: 'airplane' },
      minutes: { simulator: 120 },
      landings: {},
    });
    for (const f of [airplane, amendedAway, deleted, heli, sim])
      await send('post', '/pilot/v1/flights', f).expect(201);
    await send('put', `/pilot/v1/flights/${String(amendedAway.flight_id)}`, {
      ...amendedAway,
      aircraft: { category: 'airplane', rating_key: 'type_a320' },
    }).expect(200);
    await send('delete', `/pilot/v1/flights/${String(deleted.flight_id)}`).expect(204);

    const res = await h.as(pilot.token).get('/pilot/v1/totals').expect(200);
    expect(res.body.data).toEqual({
      last_updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      totals: expect.objectContaining({
        total_flight_time_minutes: 1000 + 60 + 30 + 95,
        pic_minutes: 60 + 30 + 95,
        actual_instrument_minutes: 5 + 10,
        simulated_instrument_minutes: 10,
        ifr_minutes: 5 + 10 + 10,
        simulator_minutes: 120,
      }),
      landings: { total_day: 10 + 1 + 1 + 2, total_night: 1 + 1 },
      rating_breakdown: { sep_land: 600 + 60, type_a320: 30 },
      flight_count: 7 + 3,
      last_flight_date: '2026-04-20T00:00:00.000Z',
    });
    expect(res.body.data).not.toHaveProperty('pilot_id');
  });

  it('a pilot with nothing recorded has zero totals', async () => {
    const res = await h.as(h.pilot().token).get('/pilot/v1/totals').expect(200);
    expect(res.body.data).toMatchObject({ rating_breakdown: {}, flight_count: 0, last_flight_date: null });
  });

  it('the relay in the app publishes each event keyed by pilot, in order, within moments of the commit', async () => {
    const pilot = h.pilot();
    const flights = Array.from({ length: 5 }, () => flightBody());
    const committed: number[] = [];
    for (const f of flights) {
      await h.as(pilot.token).post('/pilot/v1/flights').send(f).expect(201);
      committed.push(Date.now());
    }
    const mine = await waitFor(
      () => {
        const found = received.filter((r) => r.message.pilot_account_id === pilot.id);
        return found.length >= 5 ? found : undefined;
      },
      15_000,
      "the pilot's five events on the topic",
      10,
    );
    expect(mine.map((r) => r.key)).toEqual(Array(5).fill(pilot.id));
    expect(mine.map((r) => r.message.stream_version)).toEqual([1, 2, 3, 4, 5]);
    expect(
      mine.map((r) => (r.message.payload as { flight: { flight_id: string } }).flight.flight_id),
    ).toEqual(flights.map((f) => f.flight_id));
    // Woken by NOTIFY, not by the 1 s poll: each event is on the topic well within a second.
    const delays = mine.map((r, i) => r.at - committed[i]!);
    expect(Math.max(...delays)).toBeLessThan(900);
  });
});
