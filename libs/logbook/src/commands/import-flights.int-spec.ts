import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type Flight, logbookStreamId, type SealedPayload, sealedPayloadAad } from '@pft/contracts';
import { parseFlightImport } from '../domain/flights/flight-import.rules';
import { boxOpener, DataKeys, masterKeyRingFromEnv } from '@pft/privacy';
import { flightBody, withCommandPipeline } from '@pft/testing';
import { type CommandPipeline } from '@pft/event-store/command-pipeline';
import { FlightsRepository } from '../tables/flights.repository';
import { importFlights } from './import-flights';

/** Flights in their stored form, each with a remark and a date of its own. */
function flights(count: number): Flight[] {
  const bodies = Array.from({ length: count }, (_, i) =>
    flightBody({ date: `2025-0${(i % 9) + 1}-1${i % 10}`, remarks: `remark-${randomUUID()}` }),
  );
  const parsed = parseFlightImport({ flights: bodies }, '2026-01-01');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

describe('logbook import (Postgres)', () => {
  let ds: DataSource;
  let pipeline: CommandPipeline;
  const repository = new FlightsRepository();

  withCommandPipeline(4, (...made) => ([ds, pipeline] = made));

  it('stores each new flight as its flights row, as sent, and its event sealed', async () => {
    const pilot = randomUUID();
    const [a, b, c, d, e] = flights(5) as [Flight, Flight, Flight, Flight, Flight];
    await importFlights(pipeline, repository, { pilot, flights: [a, b, c], requestId: 'req-1' });
    // Again with two of them: only the new ones are appended, each with its own row.
    const again = await importFlights(pipeline, repository, {
      pilot,
      flights: [d, b, e, c],
      requestId: 'req-2',
    });
    expect(again.events.map((ev) => ev.payload.flight.flight_id)).toEqual([d.flight_id, e.flight_id]);

    const rows: { flight_id: string; flight: Flight; flight_date: string; deleted: boolean }[] =
      await ds.query(
        `select flight_id::text as flight_id, flight, flight_date::text as flight_date, deleted_at is not null as deleted
         from flights where pilot_account_id = $1 order by flight_id`,
        [pilot],
      );
    const expected = [a, b, c, d, e]
      .map((f) => ({ flight_id: f.flight_id, flight: f, flight_date: f.date, deleted: false }))
      .sort((x, y) => (x.flight_id < y.flight_id ? -1 : 1));
    expect(rows).toEqual(expected);

    const events: {
      payload: string;
      type: string;
      stream_version: number;
      event_id: string;
      schema_version: number;
    }[] = await ds.query(
      `select payload::text as payload, type, stream_version, event_id::text as event_id, schema_version
         from events where stream_id = $1 order by stream_version`,
      [logbookStreamId(pilot)],
    );
    expect(events.map((ev) => [ev.stream_version, ev.type])).toEqual(
      [1, 2, 3, 4, 5].map((v) => [v, 'FlightRecorded']),
    );
    for (const ev of events) {
      expect(JSON.parse(ev.payload)).toEqual({ pilot_account_id: pilot, sealed: expect.any(Object) });
      for (const f of [a, b, c, d, e]) {
        expect(ev.payload).not.toContain(f.remarks);
        expect(ev.payload).not.toContain(f.flight_id);
      }
    }
    // Each payload opens to its flight, as the flights row holds it.
    const opener = boxOpener(new DataKeys(masterKeyRingFromEnv()), ds, { thread: null });
    const boxes = events.map((ev) => ({
      box: (JSON.parse(ev.payload) as SealedPayload).sealed,
      aad: sealedPayloadAad({ ...ev, version: ev.schema_version, pilot_account_id: pilot }),
    }));
    await opener.load(boxes.map(({ box }) => box.key_id));
    expect(await opener.openMany(boxes)).toEqual(
      [a, b, c, d, e].map((flight) => ({ pilot_account_id: pilot, flight })),
    );
  });
});
