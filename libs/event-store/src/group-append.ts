import { CURRENT_EVENT_VERSION } from '@pft/contracts';
import { queryPrepared } from '@pft/platform/database/prepared-statement';
import { type Queryable } from '@pft/platform/database/queryable';
import { type AppendedEvent, type EventMetadata, type NewEvent, OUTBOX_CHANNEL } from './event-store';
import {
  type PayloadSealer,
  sealedPilotOf,
  sealingOf,
  storedPayload,
  type SubjectSealing,
} from './payload-sealing';

/**
 * An append's condition (AppendGuard) in the form one statement checks for a whole group of appends.
 * `cte` is a data-modifying statement without parameters that reads the group's rows as
 * `guard_rows (ord int, row jsonb)`, one per append (`row`: each append's own); `passed` is a select
 * of the `ord` of the appends whose events may go in, reading `guard_rows` and what `cte` returned as
 * `guard`. An append whose `ord` it does not answer appends nothing. The appends of one statement
 * share `cte` and `passed`; only `row` differs.
 */
export interface GroupedGuard {
  cte: string;
  passed: string;
  row: Record<string, unknown>;
}

/** One append of a group: to a stream no other append of the group touches, after whatever is there. */
export interface GroupedAppend {
  streamId: string;
  /** With the ids they are stored under. */
  events: readonly NewEvent[];
  metadata?: EventMetadata;
  guard: GroupedGuard;
}

/**
 * What became of one append: its events as appended (none when its guard held them back), or what kept
 * it out of the statement (its pilot's data key could not be had), for it to go its own way.
 */
export type GroupedAppendResult = { events: AppendedEvent[] } | { refused: unknown };

export interface GroupAppendOptions {
  /** NOTIFY the relay from inside the statement (as AppendOptions.notify). */
  notify: boolean;
  /** What seals the pilots' payloads (as AppendOptions.sealer). */
  sealer?: PayloadSealer;
}

/**
 * The group's statement: for each append, its guard's write, then its events at the versions after its
 * stream's latest, only when the guard passed it, with an outbox row each. Like `appendEvents` without
 * a transaction of its own: each stream's lock is taken for the statement when free, and a stream a
 * command holds fails the whole statement at once (`take_stream_lock`); a concurrent append to one of the
 * streams that takes the same version makes it fail on the unique stream version; so does a data key
 * destroyed meanwhile (`require_data_key`). Events
 * go in in stream order (and a guard's rows in an order of their own), so that two statements that
 * meet never wait for each other's rows in a cycle.
 */
const groupStatement = (guard: GroupedGuard): string => `
  with item as (
    select i.ord::int as ord, i.doc->>'stream_id' as stream_id, i.doc->'events' as events,
           i.doc->'metadata' as metadata, (i.doc->>'key_id')::uuid as key_id, i.doc->'guard' as guard_row
      from jsonb_array_elements($1::jsonb) with ordinality as i (doc, ord)
  ), guard_rows as (
    select ord, guard_row as row from item
  ), guard as (${guard.cte}), passed as (${guard.passed}), cur as (
    select item.ord, item.stream_id, item.events, item.metadata,
           (select coalesce(max(e.stream_version), 0)::int from events e where e.stream_id = item.stream_id) as v,
           case when item.key_id is null then true else require_data_key(item.key_id) end as keys_held,
           take_stream_lock(item.stream_id) as stream_held
      from item
  ), ins as (
    insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata, occurred_at)
    select (e.doc->>'event_id')::uuid, cur.stream_id, cur.v + e.ord::int, e.doc->>'type',
           (e.doc->>'schema_version')::smallint, e.doc->'payload',
           cur.metadata || jsonb_build_object('command_last_version', cur.v + jsonb_array_length(cur.events)),
           now()
      from cur cross join jsonb_array_elements(cur.events) with ordinality as e (doc, ord)
     where cur.keys_held and cur.ord in (select ord from passed)
     order by cur.stream_id, e.ord
    returning position, event_id, stream_id, stream_version
  ), outbox as (
    insert into event_outbox (position) select position from ins
  ), wake as (
    select pg_notify('${OUTBOX_CHANNEL}', '') where $2::boolean and exists (select 1 from ins)
  )
  select cur.ord, ins.event_id::text as event_id, ins.stream_version, ins.position::text as position
    from cur left join ins on ins.stream_id = cur.stream_id left join wake on true
   order by cur.ord, ins.stream_version`;

interface GroupRow {
  ord: number;
  event_id: string | null;
  stream_version: number | null;
  position: string | null;
}

/** The append as the statement reads it: payloads sealed, and the key they were sealed with to check. */
function itemDoc(append: GroupedAppend, sealing: SubjectSealing | undefined): Record<string, unknown> {
  const events = append.events.map((e) => {
    if (!e.event_id) throw new Error('an append of a group names its events’ ids');
    const head = { event_id: e.event_id, schema_version: e.version ?? CURRENT_EVENT_VERSION[e.type] };
    return { ...head, type: e.type, payload: storedPayload(e, head, sealing) };
  });
  return {
    stream_id: append.streamId,
    events,
    metadata: append.metadata ?? {},
    key_id: sealing?.keyId ?? null,
    guard: append.guard.row,
  };
}

/** Refuses a group one statement cannot hold: streams twice, or guards of different kinds. */
function checkGroup(appends: readonly GroupedAppend[]): void {
  const [first] = appends;
  const streams = new Set(appends.map((a) => a.streamId));
  if (streams.size !== appends.length) throw new Error('a group appends to each stream once');
  if (appends.some((a) => a.guard.cte !== first?.guard.cte || a.guard.passed !== first?.guard.passed))
    throw new Error('the appends of a group share their guard’s statement');
}

/**
 * Appends the events of several commands, each to its own stream behind its own guard, in one statement
 * that commits alone (one round trip, one commit): the guessed single-stream appends of concurrent
 * requests (GroupCommit). Answers one result per append, in their order. Throws when the statement
 * fails: then nothing of it was written, or, when the failure left that unknown, all of it may have been.
 */
export async function appendGroup(
  runner: Queryable,
  appends: readonly GroupedAppend[],
  options: GroupAppendOptions,
): Promise<GroupedAppendResult[]> {
  checkGroup(appends);
  const results: GroupedAppendResult[] = appends.map(() => ({ events: [] }));
  const docs: Record<string, unknown>[] = [];
  const ords: number[] = [];
  for (const [i, append] of appends.entries()) {
    try {
      // Keys come from memory but for a pilot's first write in a while; one at a time on the connection.
      const sealing = await sealingOf(runner, sealedPilotOf(append.events), options.sealer);
      docs.push(itemDoc(append, sealing));
      ords.push(i);
    } catch (refused) {
      results[i] = { refused };
    }
  }
  if (docs.length === 0) return results;
  const rows = await queryPrepared<GroupRow>(runner, groupStatement(appends[0]!.guard), [
    JSON.stringify(docs),
    options.notify,
  ]);
  for (const row of rows) {
    if (row.event_id === null || row.stream_version === null || row.position === null) continue;
    const result = results[ords[row.ord - 1]!] as { events: AppendedEvent[] };
    result.events.push({
      event_id: row.event_id,
      stream_version: row.stream_version,
      position: row.position,
    });
  }
  return results;
}
