import { randomUUID } from 'node:crypto';
import {
  CURRENT_EVENT_VERSION,
  isSealedEventType,
  sealedPayloadAad,
  type PilotEvent,
  type SealedPayload,
} from '@pft/contracts';
import { jsonbArrayParameter } from '@pft/platform/database/jsonb-parameter';
import { queryPrepared } from '@pft/platform/database/prepared-statement';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import { type PayloadSealer, type SubjectSealing } from './payload-sealing';
import { lockStream } from './stream-lock';

/** What the caller appends: the event itself; id and version are filled in when not given. */
export type NewEvent<E extends PilotEvent = PilotEvent> = Pick<E, 'type' | 'payload'> & {
  event_id?: string;
  version?: number;
};

export interface EventMetadata {
  request_id?: string;
  causation_id?: string;
}

/**
 * The stream version the caller decided on: a number (0 = the stream must not exist yet),
 * or 'any' to append after whatever is there.
 */
export type ExpectedVersion = number | 'any';

export interface AppendedEvent {
  event_id: string;
  stream_version: number;
  position: string;
}

export interface AppendResult {
  /** The stream's version after the append. */
  streamVersion: number;
  events: AppendedEvent[];
}

/** The stream moved on since the caller read it: the command must be decided again. */
export class StreamVersionConflict extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, expected ${expected}`);
    this.name = 'StreamVersionConflict';
  }
}

/**
 * The data key the append sealed with was destroyed meanwhile (a writer's memory of it outlived an
 * erasure): nothing was written; the command is decided again and sealed with the pilot's current key.
 */
export class DataKeyGone extends Error {
  constructor(readonly pilotAccountId: string) {
    super(`the data key of pilot ${pilotAccountId} is gone`);
    this.name = 'DataKeyGone';
  }
}

const isDataKeyGone = (err: unknown): boolean => {
  const e = err as { code?: unknown; hint?: unknown; message?: unknown };
  return e.code === 'P0002' && typeof e.message === 'string' && e.message.includes('data key');
};

/** A command holds the stream's lock: an append without a transaction of its own was refused (take_stream_lock). */
const isStreamLockedElsewhere = (err: unknown): boolean => (err as { code?: unknown }).code === 'PT409';

/** Another append took the same stream version first (only possible without the stream lock). */
function isVersionClash(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && e.constraint === 'events_stream_version_unique';
}

/** The channel the append transaction notifies on commit, so the relay wakes at once. */
export const OUTBOX_CHANNEL = 'event_outbox';

export interface AppendOptions {
  /** Commit time to record; the database's transaction time when absent. */
  occurredAt?: Date;
  /**
   * The caller already holds `lockStream` for this stream in this transaction (saves a round trip).
   * Also right for a single-statement append (`'any'`) without a transaction of its own: the statement
   * takes the stream's lock when it is free, and when a command holds it, or a concurrent append took
   * the same version, it fails as StreamVersionConflict, nothing written, and the caller decides again.
   */
  streamLocked?: boolean;
  /**
   * A write-side change made by the same statement, and the condition of the append: `cte` is a data
   * modifying statement (its parameters numbered from $1, as written alone) whose rows decide; no row,
   * no events.
   * E.g. `insert into flights ... on conflict do nothing returning 1`: the events are appended only
   * when the flight was new, atomically, in one round trip.
   */
  onlyIf?: { cte: string; params: unknown[] };
  /**
   * A write-side change made by the same statement from the rows the caller gives with the events: a
   * data-modifying statement (its parameters numbered from $1, as written alone) that reads the events
   * stored as `appended (ord, stream_version, type)`, `ord` numbering them from 1 in the order given,
   * and joins its rows to them by it, so that it writes nothing when nothing is appended. E.g. an
   * import's flights, sent as the rows they are rather than parsed out of the events' payloads (sealed).
   */
  fromAppended?: { cte: string; params: unknown[] };
  /**
   * NOTIFY the relay from inside the transaction (default true). Postgres serializes the commits of
   * every notifying transaction of a database, so a high-rate writer passes false and wakes the relay
   * after its commit instead.
   */
  notify?: boolean;
  /** What seals the pilots' payloads (SEALED_EVENT_TYPES); an append of such events needs it. */
  sealer?: PayloadSealer;
  /**
   * Whether the statement answers each event appended (default true); false: only how many, and the
   * result lists none (`events` empty, `streamVersion` counting them), for a caller that reads none of
   * them. Reading 50,000 rows back held the client's thread tens of ms at a time.
   */
  answerEvents?: boolean;
}

/** Events of one append sealed and written in one go; more are, in turns of the event loop (forEachInTurns). */
export const EVENTS_IN_ONE_TURN = 64;

/** How many parameters the append statement takes before those of an `onlyIf` guard, then of `fromAppended`. */
const APPEND_PARAMETERS = 7;

/** The pilot whose data key seals these events' payloads; undefined when none of them is sealed. */
export function sealedPilotOf(events: readonly NewEvent[]): string | undefined {
  const pilots = new Set(
    events.filter((e) => isSealedEventType(e.type)).map((e) => e.payload.pilot_account_id),
  );
  if (pilots.size > 1) throw new Error('one append seals the payloads of one pilot only');
  return [...pilots][0];
}

/** How the pilot's payloads are sealed for one append; undefined when none of its events is sealed. */
export async function sealingOf(
  runner: Queryable,
  sealedPilot: string | undefined,
  sealer: PayloadSealer | undefined,
): Promise<SubjectSealing | undefined> {
  if (sealedPilot === undefined) return undefined;
  if (!sealer) throw new Error('an append of sealed events needs a PayloadSealer (AppendOptions.sealer)');
  return sealer.sealingFor(runner, sealedPilot);
}

/**
 * The payload as stored: sealed with the pilot's data key when its type describes the pilot
 * (SEALED_EVENT_TYPES), bound to its event by the associated data; as it is otherwise.
 */
export function storedPayload(
  e: NewEvent,
  head: { event_id: string; schema_version: number },
  sealing: SubjectSealing | undefined,
): PilotEvent['payload'] | SealedPayload {
  if (!sealing || !isSealedEventType(e.type)) return e.payload;
  const { pilot_account_id } = e.payload;
  const aad = sealedPayloadAad({
    event_id: head.event_id,
    type: e.type,
    version: head.schema_version,
    pilot_account_id,
  });
  return { pilot_account_id, sealed: sealing.seal(e.payload, aad) };
}

/** `$1`, `$2`, ... of a statement written alone, renumbered to follow `count` parameters of another. */
const shiftParameters = (sql: string, count: number): string =>
  sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + count}`);

/**
 * Appends `events` to `streamId` inside the caller's transaction, with an outbox row each and a
 * notification to the relay; nothing is visible until the caller commits, and a rollback leaves no trace.
 * Throws StreamVersionConflict when `expectedVersion` is a number and the stream is elsewhere.
 */
export async function appendEvents(
  runner: Queryable,
  streamId: string,
  expectedVersion: ExpectedVersion,
  events: readonly NewEvent[],
  metadata: EventMetadata = {},
  options: AppendOptions = {},
): Promise<AppendResult> {
  if (!options.streamLocked) await lockStream(runner, streamId);
  const sealedPilot = sealedPilotOf(events);
  const sealing = await sealingOf(runner, sealedPilot, options.sealer);
  const docOf = (e: NewEvent) => {
    const head = {
      event_id: e.event_id ?? randomUUID(),
      schema_version: e.version ?? CURRENT_EVENT_VERSION[e.type],
    };
    return {
      ...head,
      type: e.type,
      payload: storedPayload(e, head, sealing),
    };
  };
  // Many events (an import's) are sealed and written in turns of the event loop, not in one go: sealing
  // 50,000 held the process's other requests 0.7 s. The same JSON either way.
  const docs =
    events.length > EVENTS_IN_ONE_TURN
      ? await jsonbArrayParameter(events, docOf)
      : JSON.stringify(events.map(docOf));
  // Each event's metadata names the stream version of the batch's last one (command_last_version), so a
  // consumer can tell when it holds only part of a command (command-completeness.ts in libs/contracts).
  // One statement for the whole batch (an import appends a thousand). Under the stream lock its snapshot
  // sees the stream's latest committed version; without it, a concurrent append that took the same version
  // makes this one fail on the unique version. An 'any' append takes the lock in the statement
  // (take_stream_lock), refused at once while a command holds it, so it never takes a version from under
  // one. `order by ord` makes the positions follow the versions.
  const lockInStatement = expectedVersion === 'any' ? ', take_stream_lock($1) as stream_held' : '';
  const guard = options.onlyIf;
  const guardCte = guard ? shiftParameters(guard.cte, APPEND_PARAMETERS) : '';
  const projection = options.fromAppended;
  const projectionCte = projection
    ? shiftParameters(projection.cte, APPEND_PARAMETERS + (guard?.params.length ?? 0))
    : '';
  const answerEvents = options.answerEvents ?? true;
  const rows = (await queryPrepared(
    runner,
    `with ${guard ? `guard as (${guardCte}), ` : ''}cur as (
       select coalesce(max(stream_version), 0)::int as v,
              coalesce((select bool_and(require_data_key(k)) from unnest($7::uuid[]) as k), true) as keys_held${lockInStatement}
         from events where stream_id = $1
     ), ins as (
       insert into events (event_id, stream_id, stream_version, type, schema_version, payload, metadata, occurred_at)
       select (e.doc->>'event_id')::uuid, $1, cur.v + e.ord::int, e.doc->>'type',
              (e.doc->>'schema_version')::smallint, e.doc->'payload',
              $4::jsonb || jsonb_build_object('command_last_version', cur.v + jsonb_array_length($3::jsonb)),
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
       answerEvents
         ? `select cur.v as current_version, ins.event_id::text as event_id, ins.stream_version,
            ins.position::text as position
       from cur left join ins on true left join wake on true
      order by ins.stream_version`
         : `select cur.v as current_version, (select count(*) from ins)::int as appended
       from cur left join wake on true`
     }`,
    [
      streamId,
      expectedVersion === 'any' ? null : expectedVersion,
      docs,
      JSON.stringify(metadata),
      options.occurredAt ?? null,
      options.notify ?? true,
      sealing ? [sealing.keyId] : [],
      ...(guard?.params ?? []),
      ...(projection?.params ?? []),
    ],
  ).catch((err: unknown) => {
    if (sealedPilot !== undefined && isDataKeyGone(err)) {
      options.sealer?.forgetSubject(sealedPilot);
      throw new DataKeyGone(sealedPilot);
    }
    if (isVersionClash(err) || isStreamLockedElsewhere(err))
      throw new StreamVersionConflict(streamId, expectedVersion === 'any' ? -1 : expectedVersion, -1);
    throw err;
  })) as (Partial<AppendedEvent> & { current_version: number; appended?: number })[];
  const current = rows[0]?.current_version ?? 0;
  if (expectedVersion !== 'any' && expectedVersion !== current) {
    throw new StreamVersionConflict(streamId, expectedVersion, current);
  }
  if (!answerEvents) return { streamVersion: current + (rows[0]?.appended ?? 0), events: [] };
  // With a guard that matched nothing, nothing was appended: the caller reads `events` (empty).
  const appended = rows.filter(
    (r): r is AppendedEvent & { current_version: number } => r.event_id !== null && r.event_id !== undefined,
  );
  return {
    streamVersion: current + appended.length,
    events: appended.map(({ event_id, stream_version, position }) => ({
      event_id,
      stream_version,
      position,
    })),
  };
}

/** Which of `eventIds` the store holds (committed events only: read outside the appending transaction). */
export async function storedEventIds(runner: Queryable, eventIds: readonly string[]): Promise<string[]> {
  const result = await runner.query(
    'select event_id::text as event_id from events where event_id = any($1::uuid[])',
    [eventIds],
  );
  return rowsOf<{ event_id: string }>(result).map((r) => r.event_id);
}
