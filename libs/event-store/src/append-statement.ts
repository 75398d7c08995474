import { queryPrepared } from '@pft/platform/database/prepared-statement';
import { type Queryable } from '@pft/platform/database/queryable';

/** The channel the append transaction notifies on commit, so the relay wakes at once. */
export const OUTBOX_CHANNEL = 'event_outbox';

/** How many parameters the append statement takes before those of an `onlyIf` guard, then of `fromAppended`. */
const APPEND_PARAMETERS = 8;

/** A data-modifying statement written alone (its parameters numbered from $1) and its parameters. */
export interface StatementPart {
  cte: string;
  params: unknown[];
}

/** One statement of an append (appendEvents): some or all of its events, after the stream's version. */
export interface AppendStatement {
  streamId: string;
  /** The version the stream must be at for the events to go in; null: whatever it is. */
  expected: number | null;
  /** The events as stored (event_id, type, schema_version, payload): a JSON array, text or binary jsonb. */
  docs: string | Buffer;
  metadata: string;
  /**
   * The stream version of the command's last event, when its events go in several statements; null
   * when they all go in this one (then its own last one).
   */
  commandLastVersion: number | null;
  occurredAt: Date | null;
  notify: boolean;
  /** The data keys the payloads are sealed with: the statement fails (`require_data_key`) when one is gone. */
  keyIds: string[];
  /** Take the stream's lock in the statement (take_stream_lock), refused while a command holds it. */
  takeLock: boolean;
  guard?: StatementPart;
  projection?: StatementPart;
  /** Answer a row per event appended; otherwise one row with how many. */
  answerEvents: boolean;
}

/** What the statement answers: the stream's version before it, and each event appended or how many. */
export interface AppendStatementRow {
  current_version: number;
  event_id?: string | null;
  stream_version?: number;
  position?: string;
  appended?: number;
}

/** `$1`, `$2`, ... of a statement written alone, renumbered to follow `count` parameters of another. */
const shiftParameters = (sql: string, count: number): string =>
  sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + count}`);

/**
 * Appends the statement's events with an outbox row each. Each event's metadata names the stream
 * version of the command's last one (command_last_version), so a consumer can tell when it holds only
 * part of a command (command-completeness.ts in libs/contracts). Under the stream lock its snapshot sees
 * the stream's latest committed version (and what this transaction's earlier statements appended);
 * without it, a concurrent append that took the same version makes this one fail on the unique version.
 * `takeLock` takes the lock in the statement (take_stream_lock), refused at once while a command holds
 * it, so it never takes a version from under one. `order by ord` makes the positions follow the versions.
 */
export async function runAppendStatement(
  runner: Queryable,
  s: AppendStatement,
): Promise<AppendStatementRow[]> {
  const lockInStatement = s.takeLock ? ', take_stream_lock($1) as stream_held' : '';
  const { guard, projection } = s;
  const guardCte = guard ? shiftParameters(guard.cte, APPEND_PARAMETERS) : '';
  const projectionCte = projection
    ? shiftParameters(projection.cte, APPEND_PARAMETERS + (guard?.params.length ?? 0))
    : '';
  return queryPrepared<AppendStatementRow>(
    runner,
    `with ${guard ? `guard as (${guardCte}), ` : ''}cur as (
       select coalesce(max(stream_version), 0)::int as v,
              coalesce((select bool_and(require_data_key(k)) from unnest($7::uuid[]) as k), true) as keys_held${lockInStatement}
         from events where stream_id = $1
     ), ins as (
       insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata, occurred_at)
       select (e.doc->>'event_id')::uuid, $1, cur.v + e.ord::int, e.doc->>'type',
              (e.doc->>'schema_version')::smallint, e.doc->'payload',
              $4::jsonb || jsonb_build_object('command_last_version', coalesce($8::int, cur.v + jsonb_array_length($3::jsonb))),
              coalesce($5::timestamptz, now())
         from cur, jsonb_array_elements($3::jsonb) with ordinality as e(doc, ord)
        where ($2::int is null or cur.v = $2::int) and cur.keys_held${guard ? ' and exists (select 1 from guard)' : ''}
        order by e.ord
       returning position, event_id, stream_version${projection ? ', type' : ''}
     ), ${projection ? `appended as (select i.stream_version - cur.v as ord, i.stream_version, i.type from ins i, cur), from_appended as (${projectionCte}), ` : ''}outbox as (
       insert into event_outbox (position) select position from ins
     ), wake as (
       select pg_notify('${OUTBOX_CHANNEL}', '') where $6::boolean and exists (select 1 from ins)
     )
     ${
       s.answerEvents
         ? `select cur.v as current_version, ins.event_id::text as event_id, ins.stream_version,
            ins.position::text as position
       from cur left join ins on true left join wake on true
      order by ins.stream_version`
         : `select cur.v as current_version, (select count(*) from ins)::int as appended
       from cur left join wake on true`
     }`,
    [
      s.streamId,
      s.expected,
      s.docs,
      s.metadata,
      s.occurredAt,
      s.notify,
      s.keyIds,
      s.commandLastVersion,
      ...(guard?.params ?? []),
      ...(projection?.params ?? []),
    ],
  );
}
