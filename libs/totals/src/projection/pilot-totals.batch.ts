import {
  LOGBOOK_EVENT_TYPES,
  decodeEventMessages,
  isErased,
  isUuid,
  type IncompleteCommand,
  logbookStreamId,
  type EventMessage,
  type LogbookEvent,
} from '@pft/contracts';
import { foldEventRun } from '../domain/pilot-totals.fold';
import { boxOpener, type DataKeys, sharedDataKeys } from '@pft/privacy';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';
import { type Queryable } from '../read/pilot-totals.read-model';
import { deleteErasedPilots, storePilotChanges, type ChangedPilot } from './pilot-totals.store';
import { emptyPilotSlice, loadPilotSlices, type PilotSlice } from './pilot-slices.load';
import { PILOT_TOTALS_PROJECTION } from './projection-tables';
import { applyBatchSettings } from './batch-settings';
import { positionOnTopic } from './stored-offsets';
import { markedPastEnd } from './past-end-marks';
import { deleteDeadLettersBefore, recordDeadLetters } from './dead-letters.store';
import { dropEventsOfDestroyedKeys, type Logbook } from './destroyed-keys';
import {
  afterHeld,
  type DecodedMessage,
  type HoldIncomplete,
  splitAtIncompleteCommand,
} from './batch-messages';

export type { ConsumedMessage, DecodedMessage };

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
   * The command the batch holds only part of and held back (its first event is where the messages held
   * back begin, and the offset stored); null when nothing was held back.
   */
  heldCommand: IncompleteCommand | null;
  /**
   * The messages held back, decoded: that command's first event and everything after it in the batch.
   * The consumer passes them to the partition's next batch (`held`), which applies them with its own.
   */
  held: DecodedMessage[];
}

/** The version being written is neither active nor being built any more (a rebuild switched or was dropped). */
export class ProjectionSupersededError extends Error {
  constructor(readonly version: number) {
    super(`pilot_totals version ${version} is no longer active or being built`);
  }
}

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
    /**
     * Messages before `messages`, held back by the partition's previous batch (its outcome's `held`):
     * applied with them, not decoded again. A message of `messages` at or before the last of them is
     * one read again, and is skipped.
     */
    held?: readonly DecodedMessage[];
    /**
     * Whether a command the batch holds only part of waits for its rest (by default it does); false, or
     * false for that command, applies it in parts: for a command whose rest does not come.
     */
    holdIncomplete?: HoldIncomplete;
    /** The data keys sealed payloads open with; the process's own when absent. */
    keys?: DataKeys;
  } = {},
): Promise<BatchOutcome> {
  const { version, topic, partition } = target;
  await applyBatchSettings(q);
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
  // An offset that is no position in this topic (stored from another: PILOT_EVENTS_TOPIC changed, as
  // when payloads are sealed and republished) reads as 0: the partition is read from its start, every
  // event the version folded already skipped as a repeat by its pilot's stream version.
  const [stored] = (await q.query(
    `select case when ${positionOnTopic('o', '$1', '$3')} then o.next_offset else 0 end as next_offset,
            coalesce(${positionOnTopic('o', '$1', '$3')} and ${markedPastEnd('o')}, false) as past_end
       from projection_offsets o
      where o.projection = '${PILOT_TOTALS_PROJECTION}' and o.version = $1 and o.kafka_partition = $2 for update`,
    [version, partition, topic],
  )) as { next_offset: string; past_end: boolean }[];
  const from = BigInt(stored?.next_offset ?? 0);
  const held = options.held ?? [];
  const read = afterHeld(held, messages);
  // A fetch that begins past the stored offset (the group's commit in Kafka is ahead of this database:
  // a database restored from a backup, or a new one on a group that folded before) would skip the
  // events between: nothing is applied, and the partition is read again from the stored offset. Nor is
  // anything applied at a stored offset found past the end of the topic (past-end-marks.ts), whatever
  // the fetch: the events below it would be skipped.
  const first = held[0]?.message ?? read[0];
  if ((first !== undefined && BigInt(first.offset) > from) || stored?.past_end)
    return {
      consumed: 0,
      behind: 0,
      applied: 0,
      repeats: 0,
      deadLetters: [],
      storedOffset: from.toString(),
      nextOffset: null,
      heldCommand: null,
      held: [],
    };
  const keys = options.keys ?? sharedDataKeys();
  const freshMessages = read.filter((m) => BigInt(m.offset) >= from);
  const decodedAll = await decodeEventMessages(
    freshMessages.map((m) => m.value),
    boxOpener(keys, q),
  );
  const decodedFresh = [
    ...held.filter(({ message }) => BigInt(message.offset) >= from),
    ...freshMessages.map((message, i) => ({ message, decoded: decodedAll[i]! })),
  ];
  // A command the batch holds only part of, and everything after it, waits for the next fetch: a
  // reader never sees half an import, and last_updated never covers a command not wholly applied.
  const split = splitAtIncompleteCommand(decodedFresh, options.holdIncomplete);
  const fresh = split.apply;
  const outcome: BatchOutcome = {
    consumed: fresh.length,
    behind: held.length + read.length - decodedFresh.length,
    applied: 0,
    repeats: 0,
    deadLetters: [],
    storedOffset: from.toString(),
    nextOffset: null,
    heldCommand: split.heldCommand,
    held: split.held,
  };
  const last = fresh[fresh.length - 1]?.message;
  if (!last) return outcome;

  const byPilot = new Map<string, Logbook[]>();
  let latestOccurred: string | null = null;
  for (const { message, decoded } of fresh) {
    // Sealed with a key destroyed by an erasure: a pilot with no data, skipped (no fault, no dead letter).
    if (isErased(decoded)) continue;
    if (!decoded.ok) {
      // The message's key names its pilot (every event is keyed by its pilot account): the erasure finds
      // the dead letter by it.
      outcome.deadLetters.push({ message, pilotId: pilotOfKey(message), reason: decoded.reason });
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
    list.push({ message, event: event as EventMessage<LogbookEvent>, sealedWith: decoded.sealedWith });
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
  /** Each pilot erased in the batch: the offset of its last AccountErased. */
  const erasedAt = new Map<string, string>();
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
          erasedAt.set(pilotId, message.offset);
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
  await deleteDeadLettersBefore(q, target, erasedAt);
  outcome.nextOffset = split.heldCommand?.first ?? (BigInt(last.offset) + 1n).toString();
  await q.query(
    `insert into projection_offsets (projection, version, kafka_partition, topic, next_offset, complete_through, updated_at)
     values ($1, $2, $3, $4, $5, $6, now())
     on conflict (projection, version, kafka_partition) do update set
       topic = excluded.topic, next_offset = excluded.next_offset, updated_at = excluded.updated_at,
       past_end_offset = null,
       complete_through = greatest(projection_offsets.complete_through, excluded.complete_through)`,
    [PILOT_TOTALS_PROJECTION, version, partition, topic, outcome.nextOffset, latestOccurred],
  );
  return outcome;
}

const flightIdOf = (payload: LogbookEvent['payload']): string | null =>
  'flight' in payload ? payload.flight.flight_id : 'flight_id' in payload ? payload.flight_id : null;

/** The pilot account a message is keyed by, or null when its key is not one. */
function pilotOfKey(message: ConsumedMessage): string | null {
  const key = message.key?.toString('utf8');
  return key !== undefined && isUuid(key) ? key.toLowerCase() : null;
}
