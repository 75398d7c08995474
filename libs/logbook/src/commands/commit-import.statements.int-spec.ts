import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type Flight, logbookStreamId } from '@pft/contracts';
import { type CommandPipeline } from '@pft/event-store/command-pipeline';
import { EVENTS_IN_ONE_STATEMENT } from '@pft/event-store/event-store';
import { readStream } from '@pft/event-store/stream-reader';
import { sharedPayloadSealing } from '@pft/privacy';
import { appendStatementsOf, countAppendStatements, storedFlight, withCommandPipeline } from '@pft/testing';
import { FlightsRepository } from '../tables/flights.repository';
import { PendingImportsRepository } from '../tables/pending-imports.repository';
import { commitImport, FLIGHTS_PER_STATEMENT } from './commit-import';

describe("an import's commit in several statements (Postgres)", () => {
  let ds: DataSource;
  let pipeline: CommandPipeline;
  const flights = new FlightsRepository();
  const imports = new PendingImportsRepository();

  withCommandPipeline(4, (...made) => ([ds, pipeline] = made));

  beforeAll(async () => {
    // This file's own database: each insert statement into events counted, by stream.
    await countAppendStatements(ds);
    // And each one into flights, by pilot.
    await ds.query(`create table flights_statements (n serial, pilot_account_id uuid, flights int)`);
    await ds.query(`
      create function count_flights_statement() returns trigger language plpgsql as $$
      begin
        insert into flights_statements (pilot_account_id, flights)
          select pilot_account_id, count(*) from added group by pilot_account_id;
        return null;
      end $$`);
    await ds.query(`
      create trigger count_flights_statement after insert on flights referencing new table as added
        for each statement execute function count_flights_statement()`);
  });

  const upload = async (pilot: string): Promise<string> => {
    const importId = randomUUID();
    expect(await imports.insert(ds, { importId, pilot, format: 'auto', bytes: Buffer.from('a,b\n') })).toBe(
      true,
    );
    return importId;
  };

  const commit = async (pilot: string, importId: string, read: Flight[]) =>
    commitImport(
      pipeline,
      { flights, imports },
      { pilot, importId, readFlights: () => ({ flights: read, invalidRows: 0 }), requestId: 'req-commit' },
    );

  /** What the pilot's commit left: events by position, their outbox rows, the flights rows, the import. */
  const written = async (pilot: string, importId: string) => {
    const [row] = await ds.query<{ events: number; outboxed: number; flights: number; state: string }[]>(
      `select (select count(*)::int from events where stream_id = $2) as events,
              (select count(*)::int from event_outbox o join events e using (position) where e.stream_id = $2) as outboxed,
              (select count(*)::int from flights where pilot_account_id = $1) as flights,
              (select state from pending_imports where import_id = $3) as state`,
      [pilot, logbookStreamId(pilot), importId],
    );
    return row!;
  };

  it('appends the events of a large import in statements of bounded size, all of it or nothing, versions as one', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const importId = await upload(pilot);
    const many = 2 * EVENTS_IN_ONE_STATEMENT + 500;
    const read = Array.from({ length: many }, (_, i) => storedFlight({ remarks: `flight ${i}` }));

    // Postgres refuses the first event of the third statement, after the first two appended theirs.
    await ds.query(`
      create function refuse_third_statement() returns trigger language plpgsql as $$
      begin
        raise exception 'refused at version %, % of the stream before it',
          new.stream_version, (select count(*) from events where stream_id = new.stream_id);
      end $$`);
    await ds.query(
      `create trigger refuse_third_statement before insert on events for each row
         when (new.stream_id = '${stream}' and new.stream_version = ${2 * EVENTS_IN_ONE_STATEMENT + 1})
         execute function refuse_third_statement()`,
    );
    try {
      await expect(commit(pilot, importId, read)).rejects.toThrow(
        `refused at version ${2 * EVENTS_IN_ONE_STATEMENT + 1}, ${2 * EVENTS_IN_ONE_STATEMENT} of the stream before it`,
      );
    } finally {
      await ds.query('drop trigger refuse_third_statement on events');
    }
    expect(await written(pilot, importId)).toEqual({
      events: 0,
      outboxed: 0,
      flights: 0,
      state: 'previewed',
    });

    expect(await commit(pilot, importId, read)).toMatchObject({ recorded: many, amended: 0, unchanged: 0 });
    expect(await appendStatementsOf(ds, stream)).toEqual([
      EVENTS_IN_ONE_STATEMENT,
      EVENTS_IN_ONE_STATEMENT,
      500,
    ]);
    expect(await written(pilot, importId)).toEqual({
      events: many,
      outboxed: many,
      flights: many,
      state: 'committed',
    });
    // As one statement appends them: versions from 1 in the file's order, positions in the same order, one
    // command (every event naming its last version).
    const stored = await readStream(ds, stream, sharedPayloadSealing());
    expect(stored.map((e) => e.stream_version)).toEqual(read.map((_, i) => i + 1));
    expect(stored.map((e) => e.type === 'FlightRecorded' && e.payload.flight.flight_id)).toEqual(
      read.map((f) => f.flight_id),
    );
    const order = await ds.query<{ stream_version: number; last: number }[]>(
      `select stream_version, (metadata->>'command_last_version')::int as last from events
        where stream_id = $1 order by position`,
      [stream],
    );
    expect(order.map((e) => e.stream_version)).toEqual(read.map((_, i) => i + 1));
    expect(new Set(order.map((e) => e.last))).toEqual(new Set([many]));
  }, 120_000);

  it("writes a large import's flights rows in statements of bounded size: a failure at the last leaves nothing", async () => {
    const pilot = randomUUID();
    const importId = await upload(pilot);
    const many = 2 * FLIGHTS_PER_STATEMENT + 300;
    const read = Array.from({ length: many }, (_, i) => storedFlight({ remarks: `flight ${i}` }));

    // Postgres refuses the import's last flights row, after the statements before it wrote theirs.
    await ds.query(`
      create function refuse_last_flight() returns trigger language plpgsql as $$
      begin
        raise exception 'flight refused, % of the pilot before it',
          (select count(*) from flights where pilot_account_id = new.pilot_account_id);
      end $$`);
    await ds.query(
      `create trigger refuse_last_flight before insert on flights for each row
         when (new.flight_id = '${read[many - 1]!.flight_id}') execute function refuse_last_flight()`,
    );
    try {
      await expect(commit(pilot, importId, read)).rejects.toThrow(
        `flight refused, ${many - 1} of the pilot before it`,
      );
    } finally {
      await ds.query('drop trigger refuse_last_flight on flights');
    }
    expect(await written(pilot, importId)).toEqual({
      events: 0,
      outboxed: 0,
      flights: 0,
      state: 'previewed',
    });

    expect(await commit(pilot, importId, read)).toMatchObject({ recorded: many });
    const statements = await ds.query<{ flights: number }[]>(
      `select flights from flights_statements where pilot_account_id = $1 order by n`,
      [pilot],
    );
    expect(statements.map((s) => s.flights)).toEqual([FLIGHTS_PER_STATEMENT, FLIGHTS_PER_STATEMENT, 300]);
    expect(await written(pilot, importId)).toEqual({
      events: many,
      outboxed: many,
      flights: many,
      state: 'committed',
    });
    const stored = await flights.states(
      ds,
      pilot,
      read.map((f) => f.flight_id),
    );
    expect(read.map((f) => stored.get(f.flight_id)?.flight)).toEqual(read);
  }, 120_000);
});
