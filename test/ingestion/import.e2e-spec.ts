import { flightBody, ingestionSuite, pilotSnapshot } from './support/ingestion-harness';

describe('pilot app API: import and listing (e2e)', () => {
  const h = ingestionSuite();

  const importFlights = (token: string, flights: unknown[]) =>
    h.as(token).post('/pilot/v1/flights/import').send({ flights });
  const count = async (pilot: string) =>
    (
      await h.sql.query<{ events: number; flights: number }>(
        `select (select count(*)::int from events where stream_id = $1) as events,
                (select count(*)::int from flights where pilot_account_id = $2) as flights`,
        [`logbook-${pilot}`, pilot],
      )
    ).rows[0];

  it('imports 1,000 flights in one request: 201 { imported }, an event and a flight row each', async () => {
    const pilot = h.pilot();
    const res = await importFlights(
      pilot.token,
      Array.from({ length: 1000 }, () => flightBody()),
    ).expect(201);
    expect(res.body.data).toEqual({ imported: 1000 });
    expect(await count(pilot.id)).toEqual({ events: 1000, flights: 1000 });
  });

  it('one invalid flight rejects the whole import, naming the index of each bad one; nothing recorded', async () => {
    const pilot = h.pilot();
    const flights = Array.from({ length: 10 }, () => flightBody());
    flights[3] = flightBody({ date: '1903-12-16' });
    flights[7] = flightBody({ aircraft: { category: 'airplane', rating_key: 'b747' } });
    const before = await pilotSnapshot(h.sql, pilot.id);
    const res = await importFlights(pilot.token, flights).expect(400);
    expect(res.body.error.code).toBe('INVALID_REQUEST');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'flights[3].date',
      'flights[7].aircraft.rating_key',
    ]);
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it('more than 1,000 flights: 400 too_many, nothing recorded', async () => {
    const pilot = h.pilot();
    const res = await importFlights(
      pilot.token,
      Array.from({ length: 1001 }, () => flightBody()),
    ).expect(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'flights', issue: 'too_many' }),
    ]);
    expect(await count(pilot.id)).toEqual({ events: 0, flights: 0 });
  });

  it('a flight id twice in the import: 400 duplicate; an id recorded differently: 409 CONFLICT', async () => {
    const pilot = h.pilot();
    const existing = flightBody();
    await h.as(pilot.token).post('/pilot/v1/flights').send(existing).expect(201);
    const before = await pilotSnapshot(h.sql, pilot.id);
    const twice = flightBody();
    const dup = await importFlights(pilot.token, [twice, flightBody(), twice]).expect(400);
    expect(dup.body.error.details).toEqual([
      expect.objectContaining({ field: 'flights[2].flight_id', issue: 'duplicate' }),
    ]);
    const conflict = await importFlights(pilot.token, [
      flightBody(),
      { ...existing, remarks: 'other' },
    ]).expect(409);
    expect(conflict.body.error.code).toBe('CONFLICT');
    expect(conflict.body.error.details).toEqual([expect.objectContaining({ field: 'flights[1].flight_id' })]);
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it('the same import again records nothing new', async () => {
    const pilot = h.pilot();
    const flights = Array.from({ length: 20 }, () => flightBody());
    await importFlights(pilot.token, flights).expect(201);
    const before = await pilotSnapshot(h.sql, pilot.id);
    const again = await importFlights(pilot.token, flights).expect(201);
    expect(again.body.data).toEqual({ imported: 20 });
    expect(await pilotSnapshot(h.sql, pilot.id)).toEqual(before);
  });

  it('lists flights newest date first in pages, with a cursor until the last page', async () => {
    const pilot = h.pilot();
    const flights = Array.from({ length: 120 }, (_, i) =>
      flightBody({
        date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      }),
    );
    await importFlights(pilot.token, flights).expect(201);
    const seen: { date: string; flight_id: string }[] = [];
    const sizes: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `?limit=50&cursor=${cursor}` : '?limit=50';
      const res = await h.as(pilot.token).get(`/pilot/v1/flights${query}`).expect(200);
      sizes.push(res.body.data.flights.length);
      seen.push(...res.body.data.flights);
      cursor = res.body.data.next_cursor;
    }
    expect(sizes).toEqual([50, 50, 20]);
    const expected = [...flights]
      .map((f) => ({ date: String(f.date), flight_id: String(f.flight_id) }))
      .sort((a, b) => (a.date === b.date ? (a.flight_id < b.flight_id ? 1 : -1) : a.date < b.date ? 1 : -1));
    expect(seen.map((f) => ({ date: f.date, flight_id: f.flight_id }))).toEqual(expected);
  });

  it('lists 50 by default', async () => {
    const pilot = h.pilot();
    await importFlights(
      pilot.token,
      Array.from({ length: 51 }, () => flightBody()),
    ).expect(201);
    const res = await h.as(pilot.token).get('/pilot/v1/flights').expect(200);
    expect(res.body.data.flights).toHaveLength(50);
    expect(res.body.data.next_cursor).toEqual(expect.any(String));
  });
});
