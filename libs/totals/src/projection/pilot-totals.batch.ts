import {
  LOGBOOK_EVENT_TYPES,
  decodeEventEnvelope,
  decodeEventMessages,
  isSealedPayload,
  incompleteCommandStart,
  isErased,
  logbookStreamId,
  type EventMessage,
  type LogbookEvent,
} from '@pft/contracts';
import { foldEventRun } from '../domain/pilot-totals.fold';
import { boxOpener, type DataKeys, sharedDataKeys } from '@pft/privacy';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import { type Queryable } from '../read/pilot-totals.read-model';
import {
  deleteErasedPilots,
  emptyPilotSlice,
  loadPilotSlices,
  storePilotChanges,
  type ChangedPilot,
  type PilotSlice,
} from './pilot-totals.store';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';
import { BATCH_SETTINGS_SQL } from './batch-settings';

export type { ConsumedMessage };

export interface DeadLetter {
  message: ConsumedMessage;
  pilotId: string | null;
  reason: string;
}

export interface BatchOutcome {
  /** Messages at or past the stored offset: the rest had been applied already. */
  consumed: number;
  /** Messages below the stored offset, skipped unread: the fetch began before where the partition is applied to. */
  behind: number;
  applied: number;
  repeats: number;
  deadLetters: DeadLetter[];
  /** The offset stored before the batch: where reading must go on when the batch was all old, or began past it. */
  storedOffset: string;
  /** The offset to read next; null when the batch held nothing new. */
  nextOffset: string | null;
  /**
   * Where the messages held back begin (the first event of a command the batch holds only part of),
   * to be read again from there; null when nothing was held back.
   */
  heldFrom: string | null;
}

/** The version being written is neither active nor being built any more (a rebuild switched or was dropped). */
export class ProjectionSupersededError extends Error {
  constructor(readonly version: number) {
    super(`pilot_totals version ${version} is no longer active or being built`);
  }
}

type Logbook = { message: ConsumedMessage; event: EventMessage<LogbookEvent> };

/**
 * Applies one partition's batch inside the caller's transaction: skips what the stored offset says
 * was applied, folds the rest per pilot, writes the projection rows, the dead letters and the next
 * offset. Either all of it commits or none of it.
 */
export async function applyPilotTotalsBatch(
  q: Queryable,
  target: { version: number; topic: string; partition: number },
  messages: readonly ConsumedMessage[],
  options: {
    /** False applies part of a command too: for a command whose rest has not come for a long time. */
    holdIncomplete?: boolean;
    /** The data keys sealed payloads open with; the process's own when absent. */
    keys?: DataKeys;
  } = {},
): Promise<BatchOutcome> {
  const { version, topic, partition } = target;
  await q.query(BATCH_SETTINGS_SQL);
  const [versions] = (await q.query(
    `select active_version, building_version from projection_versions where projection = $1 for share`,
    [PILOT_TOTALS_PROJECTION],
  )) as { active_version: number; building_version: number | null }[];
  if (versions?.active_version !== version && versions?.building_version !== version) {
    throw new ProjectionSupersededError(version);
  }
  // The partition's offset row is the batch's lock: created on first sight, so two consumers that
  // briefly both hold the partition (a rebalance) apply its batches one after the other.
  await q.query(
    `insert into projection_offsets (projection, version, kafka_partition, topic, next_offset)
     values ($1, $2, $3, $4, 0) on conflict do nothing`,
    [PILOT_TOTALS_PROJECTION, version, partition, topic],
  );
  const [stored] = (await q.query(
    `select next_offset from projection_offsets where projection = $1 and version = $2 and kafka_partition = $3 for update`,
    [PILOT_TOTALS_PROJECTION, version, partition],
  )) as { next_offset: string }[];
  const from = BigInt(stored?.next_offset ?? 0);
  // A fetch that begins past the stored offset (the group's commit in Kafka is ahead of this database:
  // a database restored from a backup, or a new one on a group that folded before) would skip the
  // events between: nothing is applied, and the partition is read again from the stored offset.
  const first = messages[0];
  if (first !== undefined && BigInt(first.offset) > from)
    return {
      consumed: 0,
      behind: 0,
      applied: 0,
      repeats: 0,
      deadLetters: [],
      storedOffset: from.toString(),
      nextOffset: null,
      heldFrom: null,
    };
  const keys = options.keys ?? sharedDataKeys();
  const freshMessages = messages.filter((m) => BigInt(m.offset) >= from);
  const decodedAll = await decodeEventMessages(
    freshMessages.map((m) => m.value),
    boxOpener(keys, q),
  );
  const decodedFresh = freshMessages.map((message, i) => ({ message, decoded: decodedAll[i]! }));
  // A command the batch holds only part of, and everything after it, waits for the next fetch: a
  // reader never sees half an import, and last_updated never covers a command not wholly applied.
  const heldFrom =
    options.holdIncomplete === false
      ? null
      : incompleteCommandStart(
          decodedFresh.flatMap(({ message, decoded }) =>
            decoded.ok
              ? [
                  {
                    offset: message.offset,
                    stream_id: decoded.message.stream_id,
                    stream_version: decoded.message.stream_version,
                    command_last_version: decoded.message.metadata.command_last_version,
                  },
                ]
              : [],
          ),
        );
  const fresh =
    heldFrom === null
      ? decodedFresh
      : decodedFresh.filter(({ message }) => BigInt(message.offset) < BigInt(heldFrom));
  const outcome: BatchOutcome = {
    consumed: fresh.length,
    behind: messages.length - freshMessages.length,
    applied: 0,
    repeats: 0,
    deadLetters: [],
    storedOffset: from.toString(),
    nextOffset: null,
    heldFrom,
  };
  const last = fresh[fresh.length - 1]?.message;
  if (!last) return outcome;

  const byPilot = new Map<string, Logbook[]>();
  let latestOccurred: string | null = null;
  for (const { message, decoded } of fresh) {
    // Sealed with a key destroyed by an erasure: a pilot with no data, skipped (no fault, no dead letter).
    if (isErased(decoded)) continue;
    if (!decoded.ok) {
      outcome.deadLetters.push({ message, pilotId: null, reason: decoded.reason });
      continue;
    }
    const event = decoded.message;
    if (latestOccurred === null || event.occurred_at > latestOccurred) latestOccurred = event.occurred_at;
    // Consent events share the topic; this projection has nothing to do with them.
    if (!(LOGBOOK_EVENT_TYPES as readonly string[]).includes(event.type)) continue;
    if (event.stream_id !== logbookStreamId(event.pilot_account_id)) {
      outcome.deadLetters.push({
        message,
        pilotId: event.pilot_account_id,
        reason: `${event.type} outside the pilot's logbook stream`,
      });
      continue;
    }
    const list = byPilot.get(event.pilot_account_id) ?? [];
    list.push({ message, event: event as EventMessage<LogbookEvent> });
    byPilot.set(event.pilot_account_id, list);
  }

  const pilotIds = [...byPilot.keys()];
  // Every flight an event names is looked up: amendments and deletions need its stored contribution,
  // and a recording of a flight that is stored already must be set aside (rejectionOf), not counted
  // twice. The write side never records a flight id twice; this keeps the totals exact if it ever did.
  // For a new flight the lookup is one index probe that finds nothing.
  const flightRefs = [...byPilot].flatMap(([pilotId, events]) =>
    events.flatMap(({ event }) => {
      const flightId = flightIdOf(event.payload);
      return flightId === null ? [] : [{ pilotId, flightId }];
    }),
  );
  const slices: Map<string, PilotSlice> =
    pilotIds.length > 0
      ? await loadPilotSlices(q, version, pilotIds, flightRefs)
      : new Map<string, PilotSlice>();
  await dropEventsOfDestroyedKeys(q, keys, byPilot, slices);
  const changed: ChangedPilot[] = [];
  const erased: string[] = [];
  for (const [pilotId, events] of byPilot) {
    let before = slices.get(pilotId)!;
    const { state, verdicts } = foldEventRun(
      before.state,
      events.map(({ event }) => ({
        stream_version: event.stream_version,
        event: { type: event.type, version: event.version, payload: event.payload } as LogbookEvent,
      })),
    );
    let touchedFlights = new Set<string>();
    let erasedLast = false;
    verdicts.forEach((verdict, i) => {
      const { message, event } = events[i]!;
      if (verdict.kind === 'repeat') outcome.repeats += 1;
      else if (verdict.kind === 'rejected')
        outcome.deadLetters.push({ message, pilotId, reason: verdict.reason });
      else {
        outcome.applied += 1;
        erasedLast = event.type === 'AccountErased';
        if (erasedLast) {
          // The account was erased: its rows go, and what follows is stored as a new pilot's.
          if (!erased.includes(pilotId)) erased.push(pilotId);
          keys.forgetSubject(pilotId);
          before = emptyPilotSlice(event.stream_version);
          touchedFlights = new Set<string>();
        }
        const flightId = flightIdOf(event.payload);
        if (flightId !== null) touchedFlights.add(flightId);
      }
    });
    if (!erasedLast && state.version !== before.state.version)
      changed.push({ pilotId, before, state, touchedFlights });
  }
  await deleteErasedPilots(q, version, erased);
  await storePilotChanges(q, version, partition, changed);
  await recordDeadLetters(q, target, outcome.deadLetters);
  outcome.nextOffset = heldFrom ?? (BigInt(last.offset) + 1n).toString();
  await q.query(
    `insert into projection_offsets (projection, version, kafka_partition, topic, next_offset, complete_through, updated_at)
     values ($1, $2, $3, $4, $5, $6, now())
     on conflict (projection, version, kafka_partition) do update set
       topic = excluded.topic, next_offset = excluded.next_offset, updated_at = excluded.updated_at,
       complete_through = greatest(projection_offsets.complete_through, excluded.complete_through)`,
    [PILOT_TOTALS_PROJECTION, version, partition, topic, outcome.nextOffset, latestOccurred],
  );
  return outcome;
}

/**
 * For each pilot the projection holds nothing of (new, or erased: its rows deleted), reads the keys its
 * sealed events were opened with again, in the batch's transaction, and drops the events whose key is
 * gone, as erased. A replica may still hold a key an erasure destroyed for a few seconds
 * (DATA_KEY_CONFIRM_MS), and a duplicate of an old event read then must not bring the erased pilot's data
 * back after another replica folded AccountErased. A pilot with a row needs no such read: an old event
 * is a repeat of its stream version.
 */
async function dropEventsOfDestroyedKeys(
  q: Queryable,
  keys: DataKeys,
  byPilot: Map<string, Logbook[]>,
  slices: Map<string, PilotSlice>,
): Promise<void> {
  const keyOf = new Map<Logbook, string>();
  for (const [pilotId, events] of byPilot) {
    if (slices.get(pilotId)!.state.version !== 0) continue;
    for (const logbook of events) {
      const envelope = decodeEventEnvelope(logbook.message.value);
      if (envelope.ok && isSealedPayload(envelope.message.payload))
        keyOf.set(logbook, envelope.message.payload.sealed.key_id);
    }
  }
  if (keyOf.size === 0) return;
  const gone = await keys.confirm(q, keyOf.values());
  if (gone.size === 0) return;
  for (const [pilotId, events] of byPilot) {
    const kept = events.filter((logbook) => !gone.has(keyOf.get(logbook) ?? ''));
    if (kept.length > 0) byPilot.set(pilotId, kept);
    else byPilot.delete(pilotId);
  }
}

const flightIdOf = (payload: LogbookEvent['payload']): string | null =>
  'flight' in payload ? payload.flight.flight_id : 'flight_id' in payload ? payload.flight_id : null;

async function recordDeadLetters(
  q: Queryable,
  target: { version: number; topic: string; partition: number },
  deadLetters: DeadLetter[],
): Promise<void> {
  if (deadLetters.length === 0) return;
  await q.query(
    `insert into projection_dead_letters (projection, version, topic, kafka_partition, kafka_offset, pilot_account_id, reason)
     select $1, $2, $3, $4, o, p, r from unnest($5::bigint[], $6::uuid[], $7::text[]) as u (o, p, r)
     on conflict do nothing`,
    [
      PILOT_TOTALS_PROJECTION,
      target.version,
      target.topic,
      target.partition,
      deadLetters.map((d) => d.message.offset),
      deadLetters.map((d) => d.pilotId),
      deadLetters.map((d) => d.reason),
    ],
  );
}
