import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { decideRecordFlight, parseFlight } from '@pft/logbook/domain';
import { createDataSource } from '@pft/platform';
import { DataKeys, DEVELOPMENT_MASTER_KEY, MasterKeyRing, sharedPayloadSealing } from '@pft/privacy';
import { createTestDatabase, flightBody, type TestDatabase, waitFor } from '@pft/testing';
import { CommandPipeline } from './command-pipeline';
import { type PipelineStore } from './command-pipeline.options';
import { appendEvents } from './event-store';
import { lockStreamAtVersion } from './stream-lock';
import { appendGroup } from './group-append';
import { accepted } from '@pft/logbook/commands/logbook-answers';
import { FlightsRepository } from '@pft/logbook/tables/flights.repository';

/** What the pilot app API answers a recorded flight with: `created`, `known` (already), or the refusal's code. */
type Answer = string;

describe('group commit of new flights (Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const flights = new FlightsRepository();
  const statements = { groups: 0, grouped: 0, alone: 0 };
  /** The event store, counting the group statements and the appends sent alone. */
  const counted: PipelineStore = {
    lockAtVersion: lockStreamAtVersion,
    append: (...args) => {
      if (args[5]?.onlyIf) statements.alone++;
      return appendEvents(...args);
    },
    appendGroup: (runner, appends, options) => {
      statements.groups++;
      statements.grouped += appends.length;
      return appendGroup(runner, appends, options);
    },
  };
  let grouped: CommandPipeline;
  let single: CommandPipeline;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, 8).initialize();
    const sealer = sharedPayloadSealing();
    grouped = new CommandPipeline(ds, { grouping: { maxSize: 64 }, sealer }, counted);
    single = new CommandPipeline(ds, { sealer }, counted);
  });
  beforeEach(() => Object.assign(statements, { groups: 0, grouped: 0, alone: 0 }));
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  /** RecordFlightHandler's command, through `pipeline`. */
  const record = async (
    pipeline: CommandPipeline,
    pilot: string,
    body: Record<string, unknown>,
    requestId = randomUUID(),
  ): Promise<Answer> => {
    const parsed = parseFlight(body, '2026-06-01');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const flight = parsed.value;
    try {
      const decision = await pipeline.handle({
        streamId: logbookStreamId(pilot),
        metadata: { request_id: requestId },
        guess: { state: undefined, guard: () => flights.insertIfNew(pilot, flight) },
        load: (tx) => flights.state(tx, pilot, flight.flight_id),
        decide: (state) => accepted(decideRecordFlight(state, pilot, flight)),
        project: async (tx, decided) => {
          if (decided.events.length > 0) await flights.save(tx, pilot, flight);
        },
      });
      return decision.events.length > 0 ? 'created' : 'known';
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    }
  };

  interface StoredEvent {
    stream_version: number;
    request_id: string;
    command_last_version: number;
    key_id: string;
    outboxed: boolean;
  }

  const eventsOf = (pilot: string): Promise<StoredEvent[]> =>
    ds.query(
      `select e.stream_version, e.metadata->>'request_id' as request_id,
              (e.metadata->>'command_last_version')::int as command_last_version,
              e.payload->'sealed'->>'key_id' as key_id,
              exists (select 1 from event_outbox o where o.position = e.position) as outboxed
         from events e where e.stream_id = $1 order by e.stream_version`,
      [logbookStreamId(pilot)],
    );

  const flightIdsOf = async (pilot: string): Promise<string[]> =>
    (
      await ds.query<{ flight_id: string }[]>(
        `select flight_id::text as flight_id from flights where pilot_account_id = $1 order by flight_id`,
        [pilot],
      )
    ).map((r) => r.flight_id);

  it('records 50 flights of 50 pilots sent at once in one statement, each with its own version, request id, outbox row and flight row', async () => {
    const pilots = Array.from({ length: 50 }, () => randomUUID());
    const bodies = pilots.map(() => flightBody());
    const requestIds = pilots.map(() => randomUUID());
    const answers = await Promise.all(
      pilots.map((pilot, i) => record(grouped, pilot, bodies[i]!, requestIds[i])),
    );
    expect(answers).toEqual(pilots.map(() => 'created'));
    expect(statements).toEqual({ groups: 1, grouped: 50, alone: 0 });
    for (const [i, pilot] of pilots.entries()) {
      const events = await eventsOf(pilot);
      expect(events).toEqual([
        {
          stream_version: 1,
          request_id: requestIds[i],
          command_last_version: 1,
          key_id: expect.any(String),
          outboxed: true,
        },
      ]);
      expect(await flightIdsOf(pilot)).toEqual([bodies[i]!.flight_id]);
    }
    const positions = await ds.query<{ n: number; distinct_positions: number }[]>(
      `select count(*)::int as n, count(distinct position)::int as distinct_positions from events where stream_id = any($1)`,
      [pilots.map(logbookStreamId)],
    );
    expect(positions).toEqual([{ n: 50, distinct_positions: 50 }]);
  });

  /** What the pipeline answers `scenario`, and what it stored: versions, request ids and flights of `pilot`. */
  const outcomeOf = async (
    pipeline: CommandPipeline,
    scenario: (pipeline: CommandPipeline, pilot: string) => Promise<Answer[]>,
  ) => {
    const pilot = randomUUID();
    const answers = await scenario(pipeline, pilot);
    const events = await eventsOf(pilot);
    return {
      answers: [...answers].sort(),
      versions: events.map((e) => e.stream_version),
      lastVersions: events.map((e) => e.command_last_version),
      outboxed: events.every((e) => e.outboxed),
      requestIds: new Set(events.map((e) => e.request_id)).size,
      flights: (await flightIdsOf(pilot)).length,
    };
  };

  it('answers flights of one pilot sent at once as without grouping: each created, versions without gaps', async () => {
    const scenario = (pipeline: CommandPipeline, pilot: string) =>
      Promise.all(Array.from({ length: 8 }, () => record(pipeline, pilot, flightBody())));
    const groupedOutcome = await outcomeOf(grouped, scenario);
    expect(statements.groups).toBeGreaterThanOrEqual(8);
    expect(statements.alone).toBe(0);
    const expected = {
      answers: Array.from({ length: 8 }, () => 'created'),
      versions: [1, 2, 3, 4, 5, 6, 7, 8],
      lastVersions: [1, 2, 3, 4, 5, 6, 7, 8],
      outboxed: true,
      requestIds: 8,
      flights: 8,
    };
    expect(groupedOutcome).toEqual(expected);
    expect(await outcomeOf(single, scenario)).toEqual(expected);
  });

  it('answers replays of one flight sent at once as without grouping: one created, the others known, one event', async () => {
    const scenario = async (pipeline: CommandPipeline, pilot: string) => {
      const body = flightBody();
      const others = Array.from({ length: 3 }, () => flightBody());
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, () => record(pipeline, pilot, body)),
        ...others.map((other) => record(pipeline, pilot, other)),
      ]);
      // Sent again later, and another flight under the same id.
      answers.push(await record(pipeline, pilot, body));
      answers.push(await record(pipeline, pilot, { ...body, remarks: 'another flight under the same id' }));
      return answers;
    };
    const expected = {
      answers: [
        'CONFLICT',
        ...Array.from({ length: 4 }, () => 'created'),
        ...Array.from({ length: 5 }, () => 'known'),
      ],
      versions: [1, 2, 3, 4],
      lastVersions: [1, 2, 3, 4],
      outboxed: true,
      requestIds: 4,
      flights: 4,
    };
    expect(await outcomeOf(grouped, scenario)).toEqual(expected);
    expect(statements.groups).toBeGreaterThan(0);
    expect(await outcomeOf(single, scenario)).toEqual(expected);
  });

  it('records a flight of a pilot whose data key was destroyed since it was remembered as without grouping, under a new key, and the others of its group', async () => {
    const ring = MasterKeyRing.fromBase64(DEVELOPMENT_MASTER_KEY);
    const scenario = async (pipeline: CommandPipeline, pilot: string) => {
      const first = await record(pipeline, pilot, flightBody());
      // Another replica erases the key; this process still holds it in memory.
      await new DataKeys(ring).destroy(ds, pilot);
      const others = Array.from({ length: 4 }, () => randomUUID());
      const answers = await Promise.all([
        record(pipeline, pilot, flightBody()),
        ...others.map((other) => record(pipeline, other, flightBody())),
      ]);
      for (const other of others) expect((await eventsOf(other)).map((e) => e.stream_version)).toEqual([1]);
      const keys = (await eventsOf(pilot)).map((e) => e.key_id);
      expect(new Set(keys).size).toBe(2);
      return [first, ...answers];
    };
    const expected = {
      answers: Array.from({ length: 6 }, () => 'created'),
      versions: [1, 2],
      lastVersions: [1, 2],
      outboxed: true,
      requestIds: 2,
      flights: 2,
    };
    expect(await outcomeOf(grouped, scenario)).toEqual(expected);
    // The group of five was refused as a whole for the one key, and each of its flights sent alone.
    expect(statements).toMatchObject({ groups: 2, grouped: 6, alone: 5 });
    expect(await outcomeOf(single, scenario)).toEqual(expected);
  });

  it('sends each flight of a group alone when another writer holds one of its streams, and that one waits its turn', async () => {
    const pilot = randomUUID();
    expect(await record(grouped, pilot, flightBody())).toBe('created');
    statements.groups = 0;
    statements.grouped = 0;
    // Another writer holds the pilot's stream (its lock) and version 2 of it, not committed yet: the group's
    // statement is refused at once, each of its flights goes alone, the pilot's the locked way.
    const writer = ds.createQueryRunner();
    await writer.connect();
    await writer.startTransaction();
    await appendEvents(
      writer,
      logbookStreamId(pilot),
      1,
      [{ type: 'FlightDeleted', payload: { pilot_account_id: pilot, flight_id: randomUUID() } }],
      {},
      { sealer: sharedPayloadSealing() },
    );
    const others = Array.from({ length: 4 }, () => randomUUID());
    const answers = Promise.all([
      record(grouped, pilot, flightBody()),
      ...others.map((other) => record(grouped, other, flightBody())),
    ]);
    await waitFor(
      async () => {
        const [row] = await ds.query<{ n: number }[]>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return row!.n > 0 ? true : undefined;
      },
      10_000,
      'the group to wait for the other writer',
    );
    await writer.commitTransaction();
    await writer.release();
    expect(await answers).toEqual(Array.from({ length: 5 }, () => 'created'));
    expect((await eventsOf(pilot)).map((e) => e.stream_version)).toEqual([1, 2, 3]);
    for (const other of others) expect((await eventsOf(other)).map((e) => e.stream_version)).toEqual([1]);
    expect(statements).toMatchObject({ groups: 1, grouped: 5, alone: 5 });
  });
});
