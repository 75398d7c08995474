import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { withTestDataSource } from '@pft/testing';
import { logbookStreamId } from '@pft/contracts';
import { sharedPayloadSealing } from '@pft/privacy';
import { StreamVersionConflict } from './append-errors';
import { appendEvents, EVENTS_IN_ONE_TURN, type NewEvent } from './event-store';
import { readStream } from './stream-reader';

/** An append as the apps make it: the pilots' payloads sealed with the process's data keys. */
const append = (...[runner, stream, expected, events, metadata, options]: Parameters<typeof appendEvents>) =>
  appendEvents(runner, stream, expected, events, metadata, { sealer: sharedPayloadSealing(), ...options });

const deleted = (pilot: string): NewEvent => ({
  type: 'FlightDeleted',
  payload: { pilot_account_id: pilot, flight_id: randomUUID() },
});

describe('event store append (Postgres)', () => {
  let ds: DataSource;
  withTestDataSource(12, (made) => (ds = made));

  it('appends events with versions, positions, metadata and an outbox row each', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const result = await ds.transaction((m) =>
      append(m, stream, 0, [deleted(pilot), deleted(pilot)], { request_id: 'req_1' }),
    );
    expect(result.streamVersion).toBe(2);
    expect(result.events.map((e) => e.stream_version)).toEqual([1, 2]);
    expect(BigInt(result.events[1]!.position)).toBeGreaterThan(BigInt(result.events[0]!.position));
    const rows: { type: string; schema_version: number; metadata: unknown; outboxed: boolean }[] =
      await ds.query(
        `select type, schema_version, metadata, exists (select 1 from event_outbox o where o.position = e.position) as outboxed
           from events e where stream_id = $1 order by stream_version`,
        [stream],
      );
    expect(rows).toEqual([
      {
        type: 'FlightDeleted',
        schema_version: 1,
        metadata: { request_id: 'req_1', command_last_version: 2 },
        outboxed: true,
      },
      {
        type: 'FlightDeleted',
        schema_version: 1,
        metadata: { request_id: 'req_1', command_last_version: 2 },
        outboxed: true,
      },
    ]);
  });

  it('refuses a stale expected version and writes nothing', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    await ds.transaction((m) => append(m, stream, 0, [deleted(pilot)]));
    await expect(ds.transaction((m) => append(m, stream, 0, [deleted(pilot)]))).rejects.toBeInstanceOf(
      StreamVersionConflict,
    );
    const [{ n }] = await ds.query('select count(*)::int as n from events where stream_id = $1', [stream]);
    expect(n).toBe(1);
  });

  it('leaves nothing behind when the caller rolls back', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    await expect(
      ds.transaction(async (m) => {
        await append(m, stream, 'any', [deleted(pilot)]);
        throw new Error('the command failed later');
      }),
    ).rejects.toThrow('the command failed later');
    const [{ n }] = await ds.query('select count(*)::int as n from events where stream_id = $1', [stream]);
    expect(n).toBe(0);
  });

  it("serializes concurrent 'any' appends to one stream into consecutive versions", async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    await Promise.all(
      Array.from({ length: 20 }, () => ds.transaction((m) => append(m, stream, 'any', [deleted(pilot)]))),
    );
    const rows: { stream_version: number }[] = await ds.query(
      'select stream_version from events where stream_id = $1 order by position',
      [stream],
    );
    expect(rows.map((r) => r.stream_version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('appends only when the guard statement changed a row, in the same statement', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const guarded = (totals: string) =>
      append(
        ds,
        stream,
        'any',
        [deleted(pilot)],
        {},
        {
          streamLocked: true,
          onlyIf: {
            cte: `insert into starting_totals (pilot_account_id, starting_totals, updated_at) values ($1, $2::jsonb, now())
                on conflict (pilot_account_id) do nothing returning 1`,
            params: [pilot, totals],
          },
        },
      );
    expect((await guarded('{"a":1}')).events).toHaveLength(1);
    expect((await guarded('{"a":2}')).events).toHaveLength(0);
    const [{ n }] = await ds.query('select count(*)::int as n from events where stream_id = $1', [stream]);
    expect(n).toBe(1);
  });

  it('writes the rows given with the events in the same statement, joined to them in order; none when nothing is appended', async () => {
    await ds.query(
      'create table if not exists appended_copy (stream_version int, type text, flight_id uuid)',
    );
    // The rows are the flight ids given in the events' order; the events' payloads are not read.
    const fromAppended = (ids: string[]) => ({
      cte: `insert into appended_copy
            select a.stream_version, a.type, r.id::uuid
              from appended a join unnest($1::text[]) with ordinality as r (id, ord) on r.ord = a.ord`,
      params: [ids],
    });
    const idOf = (e: NewEvent): string => (e.payload as { flight_id: string }).flight_id;
    const copied = (ids: string[]): Promise<unknown[]> =>
      ds.query(
        `select stream_version, type, flight_id::text as flight_id from appended_copy
          where flight_id = any($1::uuid[]) order by stream_version`,
        [ids],
      );
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    await ds.transaction((m) => append(m, stream, 0, [deleted(pilot)], {}));
    const events = [deleted(pilot), deleted(pilot)];
    const ids = events.map(idOf);
    await ds.transaction((m) => append(m, stream, 1, events, {}, { fromAppended: fromAppended(ids) }));
    expect(await copied(ids)).toEqual([
      { stream_version: 2, type: 'FlightDeleted', flight_id: ids[0] },
      { stream_version: 3, type: 'FlightDeleted', flight_id: ids[1] },
    ]);

    // Refused for its version, committed on its own: the statement wrote no row either.
    const refused = [randomUUID()];
    await expect(
      append(
        ds,
        stream,
        1,
        [deleted(pilot)],
        {},
        { streamLocked: true, fromAppended: fromAppended(refused) },
      ),
    ).rejects.toBeInstanceOf(StreamVersionConflict);
    // With a guard before it (its parameters first), appended: the rows follow; held back: none.
    const guarded = [randomUUID()];
    const held = [randomUUID()];
    const guard = (ok: boolean) => ({ cte: 'select 1 where $1::boolean', params: [ok] });
    await ds.transaction((m) =>
      append(
        m,
        stream,
        3,
        [deleted(pilot)],
        {},
        { onlyIf: guard(true), fromAppended: fromAppended(guarded) },
      ),
    );
    await ds.transaction((m) =>
      append(
        m,
        stream,
        'any',
        [deleted(pilot)],
        {},
        { onlyIf: guard(false), fromAppended: fromAppended(held) },
      ),
    );
    expect(await copied([...refused, ...guarded, ...held])).toEqual([
      { stream_version: 4, type: 'FlightDeleted', flight_id: guarded[0] },
    ]);

    const rolledBack = [randomUUID()];
    await expect(
      ds.transaction(async (m) => {
        await append(m, stream, 4, [deleted(pilot)], {}, { fromAppended: fromAppended(rolledBack) });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await copied(rolledBack)).toEqual([]);
  });

  it('appends many events (sealed and written in turns) as it appends a few: one command, each readable', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const many = Array.from({ length: 3 * EVENTS_IN_ONE_TURN + 1 }, () => ({
      ...deleted(pilot),
      event_id: randomUUID(),
    }));
    const few = many.slice(0, 2);
    const answered = await ds.transaction((m) => append(m, stream, 0, few, { request_id: 'req_few' }));
    expect(answered.events.map((e) => e.event_id)).toEqual(few.map((e) => e.event_id));
    // A caller that reads no event back is told how many, not each.
    const rest = many.slice(2);
    const counted = await ds.transaction((m) =>
      append(m, stream, 2, rest, { request_id: 'req_many' }, { answerEvents: false }),
    );
    expect(counted).toEqual({ streamVersion: many.length, events: [] });

    const stored = await readStream(ds, stream, sharedPayloadSealing());
    expect(
      stored.map(({ event_id, stream_version, type, payload }) => ({
        event_id,
        stream_version,
        type,
        payload,
      })),
    ).toEqual(
      many.map((e, i) => ({ event_id: e.event_id, stream_version: i + 1, type: e.type, payload: e.payload })),
    );
    const rows: { metadata: unknown; sealed: boolean; outboxed: boolean }[] = await ds.query(
      `select metadata, payload ? 'sealed' as sealed,
              exists (select 1 from event_outbox o where o.position = e.position) as outboxed
         from events e where stream_id = $1 and stream_version > 2 order by stream_version`,
      [stream],
    );
    expect(rows).toEqual(
      rest.map(() => ({
        metadata: { request_id: 'req_many', command_last_version: many.length },
        sealed: true,
        outboxed: true,
      })),
    );
  });

  it('reports a lost race for a stream version, without the lock, as StreamVersionConflict', async () => {
    const pilot = randomUUID();
    const stream = logbookStreamId(pilot);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        append(ds, stream, 'any', [deleted(pilot)], {}, { streamLocked: true }),
      ),
    );
    const lost = results.filter((r) => r.status === 'rejected');
    for (const r of lost) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(StreamVersionConflict);
    const rows: { stream_version: number }[] = await ds.query(
      'select stream_version from events where stream_id = $1 order by stream_version',
      [stream],
    );
    expect(rows.map((r) => r.stream_version)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.length + lost.length).toBe(10);
  });
});
