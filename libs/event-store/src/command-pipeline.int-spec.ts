import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { logbookStreamId, type Flight } from '@pft/contracts';
import { decideRecordFlight, parseFlight, type FlightState } from '@pft/logbook/domain';
import { sharedPayloadSealing } from '@pft/privacy';
import { flightBody, waitFor, withTestDataSource } from '@pft/testing';
import { CommandPipeline, type Decided, type StreamCommand } from './command-pipeline';
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

  it('decides again on the new state when a lock-free append took the version it read', async () => {
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
          // Another writer appends without the stream lock (as a new flight does) after the version was read.
          await appendEvents(ds, stream, 'any', [deleted(pilot)], {}, { streamLocked: true, sealer });
        }
        return rows[0]!.n;
      },
      decide: (count) => ({ events: [deleted(pilot)], count }),
    });
    expect(loaded).toEqual([0, 1]);
    expect(decision.count).toBe(1);
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

    /** Sessions of the test database waiting for a row lock another transaction holds. */
    const waitingOnLocks = async (): Promise<number> => {
      const [row] = await ds.query<{ n: number }[]>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and wait_event <> 'advisory'`,
      );
      return row!.n;
    };

    it('answers one created and one known, not the deadlock Postgres breaks between them', async () => {
      // The locked way appends the events, then writes the flight's row; the guessed way writes the row,
      // then the events. Each waits for the row the other wrote first, and Postgres ends one of them.
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
        // The guessed statement wrote the row and waits for the version the locked way appended.
        await waitFor(
          async () => ((await waitingOnLocks()) === 1 ? true : undefined),
          10_000,
          'the guessed statement to wait for the locked way',
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
