import { randomUUID } from 'node:crypto';
import { CURRENT_EVENT_VERSION, type PilotEvent } from '@pft/contracts';
import { jsonbArrayParameter } from '@pft/platform/database/jsonb-parameter';
import { type Queryable } from '@pft/platform/database/queryable';
import { rowsOf } from '@pft/platform/database/rows-of';
import {
  DataKeyGone,
  isDataKeyGone,
  isStreamLockedElsewhere,
  isVersionClash,
  StreamVersionConflict,
} from './append-errors';
import { runAppendStatement } from './append-statement';
import { type PayloadSealer, sealedPilotOf, sealingOf, storedPayload } from './payload-sealing';
import { lockStream } from './stream-lock';

/** What the caller appends: the event itself; id and version are filled in when not given. */
export type NewEvent<E extends PilotEvent = PilotEvent> = Pick<E, 'type' | 'payload'> & {
  event_id?: string;
  version?: number;
};

export { OUTBOX_CHANNEL } from './append-statement';

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
  /**
   * Events go in statements of at most this many, one after the other in the caller's transaction (which
   * holds the stream's lock); all in one statement when absent. For an append at a known version with
   * neither `onlyIf` nor `fromAppended` (refused otherwise). Each statement checks the version the ones
   * before it left, and every event names the whole append's last version (command_last_version): the
   * events, versions and positions are those of one statement. An import's 50,000 events in one
   * statement of 37 MB held the client's thread 30 to 200 ms while it copied the statement.
   */
  eventsPerStatement?: number;
}

/** Events of one append sealed and written in one go; more are, in turns of the event loop (forEachInTurns). */
export const EVENTS_IN_ONE_TURN = 64;

/** The events of an append that one statement takes when they may go in several (eventsPerStatement). */
export const EVENTS_IN_ONE_STATEMENT = 2_000;

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
  const parts = statementsOf(events, expectedVersion, options);
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
  const docsOf = async (part: readonly NewEvent[]): Promise<string | Buffer> =>
    part.length > EVENTS_IN_ONE_TURN ? jsonbArrayParameter(part, docOf) : JSON.stringify(part.map(docOf));
  // The whole append's last version in each of its statements, not each statement's own.
  const lastVersion =
    expectedVersion === 'any' || parts.length === 1 ? null : expectedVersion + events.length;
  const answerEvents = options.answerEvents ?? true;
  const appended: AppendedEvent[] = [];
  let before: number | undefined;
  let count = 0;
  for (const part of parts) {
    const expected = expectedVersion === 'any' ? null : expectedVersion + part.after;
    const rows = await runAppendStatement(runner, {
      streamId,
      expected,
      docs: await docsOf(part.events),
      metadata: JSON.stringify(metadata),
      commandLastVersion: lastVersion,
      occurredAt: options.occurredAt ?? null,
      notify: options.notify ?? true,
      keyIds: sealing ? [sealing.keyId] : [],
      takeLock: expectedVersion === 'any',
      guard: options.onlyIf,
      projection: options.fromAppended,
      answerEvents,
    }).catch((err: unknown) => {
      if (sealedPilot !== undefined && isDataKeyGone(err)) {
        options.sealer?.forgetSubject(sealedPilot);
        throw new DataKeyGone(sealedPilot);
      }
      if (isVersionClash(err) || isStreamLockedElsewhere(err))
        throw new StreamVersionConflict(streamId, expectedVersion === 'any' ? -1 : expectedVersion, -1);
      throw err;
    });
    const current = rows[0]?.current_version ?? 0;
    // A later statement finds the stream where the earlier ones left it (the lock is held): were it not,
    // the throw rolls the caller's transaction back, the earlier statements' events with it.
    if (expected !== null && expected !== current)
      throw new StreamVersionConflict(streamId, expected, current);
    before ??= current;
    if (!answerEvents) {
      count += rows[0]?.appended ?? 0;
      continue;
    }
    // With a guard that matched nothing, nothing was appended: the caller reads `events` (empty).
    for (const { event_id, stream_version, position } of rows) {
      if (event_id === null || event_id === undefined) continue;
      appended.push({ event_id, stream_version: stream_version!, position: position! });
    }
    count = appended.length;
  }
  return { streamVersion: (before ?? 0) + count, events: appended };
}

/** The events of one append statement, and how many of the append's go before them. */
interface StatementEvents {
  after: number;
  events: readonly NewEvent[];
}

/**
 * The append's statements: one, or several of `eventsPerStatement` events each (the last one what is
 * left), only for an append at a known version with neither `onlyIf` nor `fromAppended`.
 */
function statementsOf(
  events: readonly NewEvent[],
  expectedVersion: ExpectedVersion,
  options: AppendOptions,
): [StatementEvents, ...StatementEvents[]] {
  const size = options.eventsPerStatement;
  if (size === undefined || events.length <= size) return [{ after: 0, events }];
  if (expectedVersion === 'any' || options.onlyIf || options.fromAppended) {
    throw new Error(
      'an append in several statements needs a known version and neither onlyIf nor fromAppended',
    );
  }
  if (!Number.isInteger(size) || size < 1) throw new Error(`eventsPerStatement ${size}: a count of events`);
  const parts: StatementEvents[] = [];
  for (let after = 0; after < events.length; after += size) {
    parts.push({ after, events: events.slice(after, after + size) });
  }
  return parts as [StatementEvents, ...StatementEvents[]];
}

/** Which of `eventIds` the store holds (committed events only: read outside the appending transaction). */
export async function storedEventIds(runner: Queryable, eventIds: readonly string[]): Promise<string[]> {
  const result = await runner.query(
    'select event_id::text as event_id from events where event_id = any($1::uuid[])',
    [eventIds],
  );
  return rowsOf<{ event_id: string }>(result).map((r) => r.event_id);
}
