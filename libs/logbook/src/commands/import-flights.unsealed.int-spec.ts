import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type Flight, logbookStreamId } from '@pft/contracts';
import { createDataSource } from '@pft/platform';
import { createTestDatabase, storedFlight, type TestDatabase } from '@pft/testing';
import { type AppendProjection, CommandPipeline } from '@pft/event-store/command-pipeline';
import { FlightsRepository } from '../tables/flights.repository';
import { importFlights } from './import-flights';

// This file's process stores payloads in the clear, as a benchmark of what sealing costs does.
process.env.PFT_SEAL_PAYLOADS = 'false';

/** Flights in their stored form, each with a remark of its own. */
const flights = (count: number): Flight[] =>
  Array.from({ length: count }, (_, i) =>
    storedFlight({ date: `2025-0${(i % 9) + 1}-2${i % 8}`, remarks: `remark-${randomUUID()}` }),
  );

/** The repository, counting how often an import's flights were made into the statement's parameters. */
class CountingFlights extends FlightsRepository {
  paramsMade = 0;

  override insertRecorded(pilot: string, recorded: readonly Flight[]): AppendProjection {
    const projection = super.insertRecorded(pilot, recorded);
    const counted = Object.create(projection) as AppendProjection;
    Object.defineProperty(counted, 'params', {
      get: () => {
        this.paramsMade++;
        return projection.params;
      },
    });
    return counted;
  }
}

describe('logbook import with payloads stored in the clear (Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let pipeline: CommandPipeline;
  const repository = new CountingFlights();

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, 4).initialize();
    pipeline = new CommandPipeline(ds);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('makes each new flight its flights row from the stored payload, the flights not sent again', async () => {
    const pilot = randomUUID();
    const [a, b, c, d, e] = flights(5) as [Flight, Flight, Flight, Flight, Flight];
    await importFlights(pipeline, repository, { pilot, flights: [a, b, c], requestId: 'req-1' });
    const again = await importFlights(pipeline, repository, {
      pilot,
      flights: [d, b, e, c],
      requestId: 'req-2',
    });
    expect(again.events.map((ev) => ev.payload.flight.flight_id)).toEqual([d.flight_id, e.flight_id]);
    expect(repository.paramsMade).toBe(0);

    const rows: { flight: Flight; flight_date: string; deleted: boolean }[] = await ds.query(
      `select flight, flight_date::text as flight_date, deleted_at is not null as deleted
         from flights where pilot_account_id = $1 order by flight_id`,
      [pilot],
    );
    const expected = [a, b, c, d, e]
      .sort((x, y) => (x.flight_id < y.flight_id ? -1 : 1))
      .map((f) => ({ flight: f, flight_date: f.date, deleted: false }));
    expect(rows).toEqual(expected);

    const events: { payload: unknown }[] = await ds.query(
      `select payload from events where stream_id = $1 order by stream_version`,
      [logbookStreamId(pilot)],
    );
    expect(events.map((ev) => ev.payload)).toEqual(
      [a, b, c, d, e].map((flight) => ({ pilot_account_id: pilot, flight })),
    );
  });
});
