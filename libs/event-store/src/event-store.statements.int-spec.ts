import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { logbookStreamId } from '@pft/contracts';
import { sharedPayloadSealing } from '@pft/privacy';
import { appendStatementsOf, countAppendStatements, withTestDataSource } from '@pft/testing';
import { StreamVersionConflict } from './append-errors';
import { appendEvents, type NewEvent } from './event-store';
import { readStream } from './stream-reader';

/** An append as the apps make it: the pilots' payloads sealed with the process's data keys. */
const append = (...[runner, stream, expected, events, metadata, options]: Parameters<typeof appendEvents>) =>
  appendEvents(runner, stream, expected, events, metadata, { sealer: sharedPayloadSealing(), ...options });

const deletions = (pilot: string, count: number): NewEvent[] =>
  Array.from({ length: count }, () => ({
    type: 'FlightDeleted',
    payload: { pilot_account_id: pilot, flight_id: randomUUID() },
    event_id: randomUUID(),
  }));

describe('an append in several statements (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  beforeAll(async () => {
    await countAppendStatements(ds);
  });

  /** The events of each statement that appended to `stream`, in order. */
  const statementsOf = (stream: string): Promise<number[]> => appendStatementsOf(ds, stream);

  /** The stream's events as stored, by position, with whether each has its outbox row. */
  const storedOf = async (stream: string) =>
    ds.query<
      { stream_version: number; type: string; metadata: unknown; position: string; outboxed: boolean }[]
    >(
      `select e.stream_version, e.type, e.metadata, e.position::text as position,
              exists (select 1 from event_outbox o where o.position = e.position) as outboxed
         from events e where stream_id = $1 order by e.position`,
      [stream],
    );

  it('stores the events, versions, positions, metadata and outbox rows that one statement does', async () => {
    const pilot = randomUUID();
    const [split, whole] = [logbookStreamId(pilot), `${logbookStreamId(pilot)}-whole`];
    await ds.transaction((m) => append(m, split, 0, deletions(pilot, 2)));
    await ds.transaction((m) => append(m, whole, 0, deletions(pilot, 2)));
    const events = deletions(pilot, 10);

    const splitResult = await ds.transaction((m) =>
      append(m, split, 2, events, { request_id: 'req_split' }, { eventsPerStatement: 4 }),
    );
    const wholeResult = await ds.transaction((m) =>
      append(m, whole, 2, events.map(withoutId), { request_id: 'req_split' }),
    );

    expect(await statementsOf(split)).toEqual([2, 4, 4, 2]);
    expect(await statementsOf(whole)).toEqual([2, 10]);
    expect(splitResult.streamVersion).toBe(12);
    expect(splitResult.events.map((e) => e.event_id)).toEqual(events.map((e) => e.event_id));
    expect(splitResult.events.map((e) => e.stream_version)).toEqual(
      wholeResult.events.map((e) => e.stream_version),
    );
    const [splitRows, wholeRows] = [await storedOf(split), await storedOf(whole)];
    const shape = (rows: typeof splitRows) => rows.map(({ position: _, ...row }) => row);
    expect(shape(splitRows)).toEqual(shape(wholeRows));
    // By position, the versions in order; every one of the append naming its last version, outboxed.
    expect(splitRows.map((r) => r.stream_version)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(splitRows.slice(2).map((r) => r.metadata)).toEqual(
      events.map(() => ({ request_id: 'req_split', command_last_version: 12 })),
    );
    expect(splitRows.every((r) => r.outboxed)).toBe(true);
    const stored = await readStream(ds, split, sharedPayloadSealing());
    expect(stored.slice(2).map((e) => [e.event_id, e.payload])).toEqual(
      events.map((e) => [e.event_id, e.payload]),
    );
  });

  it('answers each event of every statement when asked, and how many when not', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const events = deletions(pilot, 7);
    const answered = await ds.transaction((m) => append(m, stream, 0, events, {}, { eventsPerStatement: 3 }));
    expect(answered.streamVersion).toBe(7);
    expect(answered.events.map((e) => [e.event_id, e.stream_version])).toEqual(
      events.map((e, i) => [e.event_id, i + 1]),
    );
    const counted = await ds.transaction((m) =>
      append(m, stream, 7, deletions(pilot, 5), {}, { eventsPerStatement: 2, answerEvents: false }),
    );
    expect(counted).toEqual({ streamVersion: 12, events: [] });
    expect(await statementsOf(stream)).toEqual([3, 3, 1, 2, 2, 1]);
  });

  it('writes nothing when a later statement fails: the earlier ones roll back with it', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    // The pilot's data key kept: one rolled back with the append that made it is gone for the next.
    await ds.transaction((m) => append(m, stream, 0, deletions(pilot, 1)));
    const events = deletions(pilot, 10);
    // A refusal by Postgres of the ninth event, in the third statement, telling what the transaction holds.
    await ds.query(`
      create function refuse_ninth() returns trigger language plpgsql as $$
      begin
        raise exception 'refused at version %, % of the stream before it',
          new.stream_version, (select count(*) from events where stream_id = new.stream_id);
      end $$`);
    await ds.query(
      `create trigger refuse_ninth before insert on events for each row
         when (new.event_id = '${events[8]!.event_id}') execute function refuse_ninth()`,
    );
    try {
      await expect(
        ds.transaction((m) => append(m, stream, 1, events, {}, { eventsPerStatement: 4 })),
      ).rejects.toThrow('refused at version 10, 9 of the stream before it');
    } finally {
      await ds.query('drop trigger refuse_ninth on events');
    }
    expect((await storedOf(stream)).map((r) => r.stream_version)).toEqual([1]);
    expect(await statementsOf(stream)).toEqual([1]);
    // Nothing of it is left: the same append goes in whole afterwards, after version 1.
    await ds.transaction((m) => append(m, stream, 1, events, {}, { eventsPerStatement: 4 }));
    expect((await storedOf(stream)).map((r) => r.stream_version)).toEqual([
      1,
      ...events.map((_, i) => i + 2),
    ]);
    expect(await statementsOf(stream)).toEqual([1, 4, 4, 2]);
  });

  it('refuses a stale version before its first statement writes anything', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    await ds.transaction((m) => append(m, stream, 0, deletions(pilot, 1)));
    await expect(
      ds.transaction((m) => append(m, stream, 0, deletions(pilot, 5), {}, { eventsPerStatement: 2 })),
    ).rejects.toEqual(new StreamVersionConflict(stream, 0, 1));
    expect(await statementsOf(stream)).toEqual([1]);
  });

  it('refuses several statements where one is needed: any version, a guard, rows from the appended', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const refused = /needs a known version and neither onlyIf nor fromAppended/;
    const events = deletions(pilot, 3);
    await expect(
      append(ds, stream, 'any', events, {}, { eventsPerStatement: 2, streamLocked: true }),
    ).rejects.toThrow(refused);
    const onlyIf = { cte: 'select 1', params: [] };
    await expect(
      ds.transaction((m) => append(m, stream, 0, events, {}, { eventsPerStatement: 2, onlyIf })),
    ).rejects.toThrow(refused);
    const fromAppended = { cte: 'select 1', params: [] };
    await expect(
      ds.transaction((m) => append(m, stream, 0, events, {}, { eventsPerStatement: 2, fromAppended })),
    ).rejects.toThrow(refused);
    expect(await statementsOf(stream)).toEqual([]);
  });
});

/** The event as the caller gives it without an id: the store gives it one. */
const withoutId = ({ event_id: _, ...e }: NewEvent): NewEvent => e;
