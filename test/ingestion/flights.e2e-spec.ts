import { randomUUID } from 'node:crypto';
import { openedStoredEvents } from '@pft/testing';
import { flightBody, ingestionSuite, pilotSnapshot } from './support/ingestion-harness';

describe('pilot app API: flights (e2e)', () => {
  const h = ingestionSuite();

  /** The pilot's stored events, payloads opened with the pilot's data key (stored sealed). */
  const events = async (pilot: string) =>
    (await openedStoredEvents(h.sql, `logbook-${pilot}`)).map(({ type, payload, metadata, stored }) => {
      expect(stored).toEqual({
        pilot_account_id: pilot,
        sealed: expect.objectContaining({ alg: 'A256GCM' }),
      });
      return { type, payload, metadata };
    });

  /** A new pilot with one flight recorded: its body, the answer, and what is held about the pilot after. */
  const pilotWithFlight = async () => {
    const pilot = h.pilot();
    const body = flightBody();
    const recorded = await h.as(pilot.token).post('/pilot/v1/flights').send(body).expect(201);
    return { pilot, body, recorded, before: await pilotSnapshot(h.sql, pilot.id) };
  };

  it('POST records a flight: 201, the stored form, one FlightRecorded with the request id', async () => {
    const pilot = h.pilot();
    const body = flightBody();
    const res = await h.as(pilot.token).post('/pilot/v1/flights').send(body).expect(201);
    expect(res.body.data).toMatchObject({ flight_id: body.flight_id, landings: { day: 1, night: 0 } });
    expect(Object.keys(res.body.data.minutes)).toHaveLength(13);
    expect(res.body.data.minutes.sic).toBe(0);
    expect(res.body.meta).toEqual({ api_version: 'v1', request_id: res.headers['x-request-id'] });
    const stored = await events(pilot.id);
    expect(stored).toEqual([
      {
        type: 'FlightRecorded',
        payload: { pilot_account_id: pilot.id, flight: res.body.data },
        metadata: { request_id: res.headers['x-request-id'], command_last_version: 1 },
      },
    ]);
  });

  it('POST takes PIC logged while receiving dual (14 CFR 61.51(e)); refuses pic + sic or dual above the total', async () => {
    const pilot = h.pilot();
    const faa = flightBody({ minutes: { total_flight_time: 60, pic: 60, dual: 60, single_engine: 60 } });
    const res = await h.as(pilot.token).post('/pilot/v1/flights').send(faa).expect(201);
    expect(res.body.data.minutes).toMatchObject({ total_flight_time: 60, pic: 60, dual: 60 });

    const sum = flightBody({ minutes: { total_flight_time: 60, pic: 40, sic: 21 } });
    const refused = await h.as(pilot.token).post('/pilot/v1/flights').send(sum).expect(400);
    expect(refused.body.error.code).toBe('INVALID_REQUEST');
    expect(refused.body.error.details).toEqual([
      {
        field: 'minutes',
        issue: 'sum_exceeds_total',
        message: 'pic + sic must be at most total_flight_time',
      },
    ]);
    const dual = flightBody({ minutes: { total_flight_time: 60, dual: 61 } });
    const tooMuchDual = await h.as(pilot.token).post('/pilot/v1/flights').send(dual).expect(400);
    expect(tooMuchDual.body.error.details).toEqual([
      { field: 'minutes.dual', issue: 'exceeds_total', message: 'must be at most total_flight_time' },
    ]);
    expect((await events(pilot.id)).map((e) => e.type)).toEqual(['FlightRecorded']);
  });

  it('POST the same flight again: 200, the same flight, nothing new recorded', async () => {
    const { pilot, body, recorded: first, before } = await pilotWithFlight();
    const again = await h.as(pilot.token).post('/pilot/v1/flights').send(body).expect(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it('POST the same flight_id with another body: 409 CONFLICT, nothing changed', async () => {
    const { pilot, body, before } = await pilotWithFlight();
    const res = await h
      .as(pilot.token)
      .post('/pilot/v1/flights')
      .send({ ...body, remarks: 'changed' })
      .expect(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it('concurrent POSTs of one flight record it once', async () => {
    const pilot = h.pilot();
    const body = flightBody();
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        h
          .as(pilot.token)
          .post('/pilot/v1/flights')
          .send(body)
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(await events(pilot.id)).toHaveLength(1);
  });

  it('concurrent POSTs of different flights of one pilot all record, versions without gaps', async () => {
    const pilot = h.pilot();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        h
          .as(pilot.token)
          .post('/pilot/v1/flights')
          .send(flightBody())
          .then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(10).fill(201));
    const { rows } = await h.sql.query<{ v: number }>(
      'select stream_version as v from events where stream_id = $1 order by position',
      [`logbook-${pilot.id}`],
    );
    expect(rows.map((r) => r.v)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('PUT amends a flight: 200, the new form, FlightAmended; GET lists it', async () => {
    const pilot = h.pilot();
    const body = flightBody();
    await h.as(pilot.token).post('/pilot/v1/flights').send(body).expect(201);
    const amended = {
      ...body,
      remarks: 'night checkout',
      minutes: { total_flight_time: 60, pic: 60, night: 30 },
    };
    const res = await h
      .as(pilot.token)
      .put(`/pilot/v1/flights/${String(body.flight_id)}`)
      .send(amended)
      .expect(200);
    expect(res.body.data).toMatchObject({
      remarks: 'night checkout',
      minutes: { night: 30, single_engine: 0 },
    });
    expect((await events(pilot.id)).map((e) => e.type)).toEqual(['FlightRecorded', 'FlightAmended']);
    const list = await h.as(pilot.token).get('/pilot/v1/flights').expect(200);
    expect(list.body.data).toEqual({ flights: [res.body.data], next_cursor: null });
  });

  it('PUT an unknown flight: 404 FLIGHT_NOT_FOUND', async () => {
    const pilot = h.pilot();
    const flightId = randomUUID();
    const res = await h
      .as(pilot.token)
      .put(`/pilot/v1/flights/${flightId}`)
      .send(flightBody({ flight_id: flightId }))
      .expect(404);
    expect(res.body.error.code).toBe('FLIGHT_NOT_FOUND');
  });

  it('PUT to a path that is not a UUID: the body id cannot match it, 400 mismatch', async () => {
    const pilot = h.pilot();
    const res = await h.as(pilot.token).put('/pilot/v1/flights/not-a-uuid').send(flightBody()).expect(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'flight_id', issue: 'mismatch' }),
    ]);
  });

  it('PUT with a body flight_id other than the path: 400 mismatch, nothing changed', async () => {
    const { pilot, body, before } = await pilotWithFlight();
    const res = await h
      .as(pilot.token)
      .put(`/pilot/v1/flights/${String(body.flight_id)}`)
      .send({ ...body, flight_id: randomUUID() })
      .expect(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'flight_id', issue: 'mismatch' }),
    ]);
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it('DELETE removes a flight: 204, FlightDeleted; again, PUT after, and unknown: 404 FLIGHT_NOT_FOUND', async () => {
    const pilot = h.pilot();
    const body = flightBody();
    const path = `/pilot/v1/flights/${String(body.flight_id)}`;
    await h.as(pilot.token).post('/pilot/v1/flights').send(body).expect(201);
    const res = await h.as(pilot.token).delete(path).expect(204);
    expect(res.text).toBe('');
    expect((await events(pilot.id)).map((e) => e.type)).toEqual(['FlightRecorded', 'FlightDeleted']);
    const before = await pilotSnapshot(h.sql, pilot.id);
    const me = h.as(pilot.token);
    for (const req of [
      me.delete(path),
      me.put(path).send(body),
      me.delete(`/pilot/v1/flights/${randomUUID()}`),
    ]) {
      const r = await req.expect(404);
      expect(r.body.error.code).toBe('FLIGHT_NOT_FOUND');
    }
    const list = await h.as(pilot.token).get('/pilot/v1/flights').expect(200);
    expect(list.body.data.flights).toEqual([]);
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it("another pilot's flight is unknown: 404 on PUT and DELETE, absent from GET", async () => {
    const owner = h.pilot();
    const other = h.pilot();
    const body = flightBody();
    await h.as(owner.token).post('/pilot/v1/flights').send(body).expect(201);
    const path = `/pilot/v1/flights/${String(body.flight_id)}`;
    await h.as(other.token).put(path).send(body).expect(404);
    await h.as(other.token).delete(path).expect(404);
    const list = await h.as(other.token).get('/pilot/v1/flights').expect(200);
    expect(list.body.data.flights).toEqual([]);
    // The other pilot may still record a flight of their own under the same id.
    await h.as(other.token).post('/pilot/v1/flights').send(body).expect(201);
  });
});
