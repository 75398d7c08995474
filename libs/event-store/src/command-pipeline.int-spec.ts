import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { logbookStreamId, type Flight } from '@pft/contracts';
import { decideRecordFlight, parseFlight, type FlightState } from '@pft/logbook/domain';
import { sharedPayloadSealing } from '@pft/privacy';
import { flightBody, waitFor, withTestDataSource } from '@pft/testing';
import { CommandPipeline, type Decided, type StreamCommand } from './command-pipeline';
import { StreamVersionConflict } from './append-errors';
import { appendEvents, type NewEvent } from './event-store';
import { accepted } from '@pft/logbook/commands/logbook-answers';
import { FlightsRepository } from '@pft/logbook/tables/flights.repository';

const deleted = (pilot: string): NewEvent => ({
  type: 'FlightDeleted',
  payload: { pilot_account_id: pilot, flight_id: randomUUID() },
});

const sealer = sharedPayloadSealing();

describe('command pipeline (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  const versions = async (stream: string): Promise<number[]> => {
    const rows = await ds.query<{ stream_version: number }[]>(
      'select stream_version from events where stream_id = $1 order by stream_version',
      [stream],
    );
    return rows.map((r) => r.stream_version);
  };

  it('refuses a lock-free append while a command holds the stream: the command appends at its first try', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const loaded: number[] = [];
    let raced = false;
    const decision = await new CommandPipeline(ds, { sealer }).handle({
      streamId: stream,
      load: async (tx) => {
        const rows = (await tx.query('select count(*)::int as n from events where stream_id = $1', [
          stream,
        ])) as { n: number }[];
        loaded.push(rows[0]!.n);
        if (!raced) {
          raced = true;
          // Another writer appends without a transaction (as a new flight does) while this command holds
          // the stream (as a long import's commit does): refused at once, nothing of it written.
          await expect(
            appendEvents(ds, stream, 'any', [deleted(pilot)], {}, { streamLocked: true, sealer }),
          ).rejects.toBeInstanceOf(StreamVersionConflict);
        }
        return rows[0]!.n;
      },
      decide: (count) => ({ events: [deleted(pilot)], count }),
    });
    expect(loaded).toEqual([0]);
    expect(decision.count).toBe(0);
    expect(await versions(stream)).toEqual([1]);
    // Once the command is done, the same append goes through.
    await appendEvents(ds, stream, 'any', [deleted(pilot)], {}, { streamLocked: true, sealer });
    expect(await versions(stream)).toEqual([1, 2]);
  });

  it('writes neither events nor the projection when decide refuses', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const project = jest.fn();
    await expect(
      new CommandPipeline(ds, { sealer }).handle({
        streamId: stream,
        load: () => Promise.resolve(undefined),
        decide: () => {
          throw new Error('refused');
        },
        project,
      }),
    ).rejects.toThrow('refused');
    expect(project).not.toHaveBeenCalled();
    expect(await versions(stream)).toEqual([]);
  });

  it('serializes concurrent commands on one stream: every one appended, versions without gaps', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const pipeline = new CommandPipeline(ds, { sealer });
    await Promise.all(
      Array.from({ length: 8 }, () =>
        pipeline.handle({
          streamId: stream,
          load: () => Promise.resolve(undefined),
          decide: () => ({ events: [deleted(pilot)] }),
        }),
      ),
    );
    expect(await versions(stream)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  describe('recording one flight twice at once, the locked way and the guessed way', () => {
    const flights = new FlightsRepository();

    /** RecordFlightHandler's command: the guessed way (one statement, no lock) unless `locked`. */
    const recordFlight = (
      pilot: string,
      flight: Flight,
      locked: { beforeSave?: () => Promise<void> } | undefined,
    ): StreamCommand<FlightState | undefined, Decided> => ({
      streamId: logbookStreamId(pilot),
      guess: locked ? undefined : { state: undefined, guard: () => flights.insertIfNew(pilot, flight) },
      load: (tx) => flights.state(tx, pilot, flight.flight_id),
      decide: (state) => accepted(decideRecordFlight(state, pilot, flight)),
      project: async (tx, decided) => {
        if (decided.events.length === 0) return;
        await locked?.beforeSave?.();
        await flights.save(tx, pilot, flight);
      },
    });

    /** Sessions of the test database waiting for a stream's lock another transaction holds. */
    const waitingOnStreamLocks = async (): Promise<number> => {
      const [row] = await ds.query<{ n: number }[]>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
      );
      return row!.n;
    };

    it('answers one created and one known: the guessed way, refused while the locked way holds the stream, waits its turn', async () => {
      // The locked way appends the events, then writes the flight's row. The guessed way's one statement
      // is refused at once (the stream is held) and goes the locked way, which waits for the stream.
      const pilot = randomUUID();
      const [earlier, flight] = [flightBody(), flightBody()].map((body) => {
        const parsed = parseFlight(body, '2026-06-01');
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
        return parsed.value;
      }) as [Flight, Flight];
      const pipeline = new CommandPipeline(ds, { sealer });
      // The pilot's stream and data key exist, as for every flight after the first.
      await pipeline.handle(recordFlight(pilot, earlier, undefined));
      let guessed: Promise<Decided> | undefined;
      let raced = 0;
      const beforeSave = async () => {
        if (guessed) return;
        guessed = pipeline.handle(recordFlight(pilot, flight, undefined));
        await waitFor(
          async () => ((await waitingOnStreamLocks()) === 1 ? true : undefined),
          10_000,
          'the guessed command to wait for the stream',
          20,
        );
        raced++;
      };
      const locked = await pipeline.handle(recordFlight(pilot, flight, { beforeSave }));
      const answers = [locked, await guessed!].map((d) => (d.events.length > 0 ? 'created' : 'known'));
      expect(raced).toBe(1);
      expect(answers.sort()).toEqual(['created', 'known']);
      expect(await versions(logbookStreamId(pilot))).toEqual([1, 2]);
      const [row] = await ds.query<{ n: number }[]>(
        'select count(*)::int as n from flights where pilot_account_id = $1',
        [pilot],
      );
      expect(row!.n).toBe(2);
    });
  });
});
