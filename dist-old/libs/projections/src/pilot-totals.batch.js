"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ProjectionSupersededError = void 0;
exports.applyPilotTotalsBatch = applyPilotTotalsBatch;
const contracts_1 = require("../../contracts/src/index.js");
const domain_1 = require("../../domain/src/index.js");
const crypto_1 = require("../../platform/src/crypto/index.js");
const pilot_totals_store_1 = require("./pilot-totals.store");
const projection_tables_1 = require("./projection-tables");
/** The version being written is neither active nor being built any more (a rebuild switched or was dropped). */
class ProjectionSupersededError extends Error {
    version;
    constructor(version) {
        super(`pilot_totals version ${version} is no longer active or being built`);
        this.version = version;
    }
}
exports.ProjectionSupersededError = ProjectionSupersededError;
/**
 * Applies one partition's batch inside the caller's transaction: skips what the stored offset says
 * was applied, folds the rest per pilot, writes the projection rows, the dead letters and the next
 * offset. Either all of it commits or none of it.
 */
async function applyPilotTotalsBatch(q, target, messages, options = {}) {
    const { version, topic, partition } = target;
    // The projection is rebuilt from the topic at will, and a commit lost in a database crash loses
    // its offsets with it (they are re-read), so waiting for the WAL flush buys nothing here.
    await q.query(`set local synchronous_commit = off`);
    // Every join below looks a list of keys up by primary key; the planner cannot see how short
    // the list is against a table of millions and would scan the table whole.
    await q.query(`set local enable_hashjoin = off`);
    await q.query(`set local enable_mergejoin = off`);
    const [versions] = (await q.query(`select active_version, building_version from projection_versions where projection = $1 for share`, [projection_tables_1.PILOT_TOTALS_PROJECTION]));
    if (versions?.active_version !== version && versions?.building_version !== version) {
        throw new ProjectionSupersededError(version);
    }
    // The partition's offset row is the batch's lock: created on first sight, so two consumers that
    // briefly both hold the partition (a rebalance) apply its batches one after the other.
    await q.query(`insert into projection_offsets (projection, version, kafka_partition, topic, next_offset)
     values ($1, $2, $3, $4, 0) on conflict do nothing`, [projection_tables_1.PILOT_TOTALS_PROJECTION, version, partition, topic]);
    const [stored] = (await q.query(`select next_offset from projection_offsets where projection = $1 and version = $2 and kafka_partition = $3 for update`, [projection_tables_1.PILOT_TOTALS_PROJECTION, version, partition]));
    const from = BigInt(stored?.next_offset ?? 0);
    const keys = options.keys ?? (0, crypto_1.sharedDataKeys)();
    const freshMessages = messages.filter((m) => BigInt(m.offset) >= from);
    const decodedAll = await (0, contracts_1.decodeEventMessages)(freshMessages.map((m) => m.value), (0, crypto_1.boxOpener)(keys, q));
    const decodedFresh = freshMessages.map((message, i) => ({ message, decoded: decodedAll[i] }));
    // A command the batch holds only part of, and everything after it, waits for the next fetch: a
    // reader never sees half an import, and last_updated never covers a command not wholly applied.
    const heldFrom = options.holdIncomplete === false
        ? null
        : (0, contracts_1.incompleteCommandStart)(decodedFresh.flatMap(({ message, decoded }) => decoded.ok
            ? [
                {
                    offset: message.offset,
                    stream_id: decoded.message.stream_id,
                    stream_version: decoded.message.stream_version,
                    command_last_version: decoded.message.metadata.command_last_version,
                },
            ]
            : []));
    const fresh = heldFrom === null
        ? decodedFresh
        : decodedFresh.filter(({ message }) => BigInt(message.offset) < BigInt(heldFrom));
    const outcome = {
        consumed: fresh.length,
        applied: 0,
        repeats: 0,
        deadLetters: [],
        storedOffset: from.toString(),
        nextOffset: null,
        heldFrom,
    };
    const last = fresh[fresh.length - 1]?.message;
    if (!last)
        return outcome;
    const byPilot = new Map();
    let latestOccurred = null;
    for (const { message, decoded } of fresh) {
        // Sealed with a key destroyed by an erasure: a pilot with no data, skipped (no fault, no dead letter).
        if ((0, contracts_1.isErased)(decoded))
            continue;
        if (!decoded.ok) {
            outcome.deadLetters.push({ message, pilotId: null, reason: decoded.reason });
            continue;
        }
        const event = decoded.message;
        if (latestOccurred === null || event.occurred_at > latestOccurred)
            latestOccurred = event.occurred_at;
        // Consent events share the topic; this projection has nothing to do with them.
        if (!contracts_1.LOGBOOK_EVENT_TYPES.includes(event.type))
            continue;
        if (event.stream_id !== (0, contracts_1.logbookStreamId)(event.pilot_account_id)) {
            outcome.deadLetters.push({
                message,
                pilotId: event.pilot_account_id,
                reason: `${event.type} outside the pilot's logbook stream`,
            });
            continue;
        }
        const list = byPilot.get(event.pilot_account_id) ?? [];
        list.push({ message, event: event });
        byPilot.set(event.pilot_account_id, list);
    }
    const pilotIds = [...byPilot.keys()];
    // Every flight an event names is looked up: amendments and deletions need its stored contribution,
    // and a recording of a flight that is stored already must be set aside (rejectionOf), not counted
    // twice. The write side never records a flight id twice; this keeps the totals exact if it ever did.
    // For a new flight the lookup is one index probe that finds nothing.
    const flightRefs = [...byPilot].flatMap(([pilotId, events]) => events.flatMap(({ event }) => {
        const flightId = flightIdOf(event.payload);
        return flightId === null ? [] : [{ pilotId, flightId }];
    }));
    const slices = pilotIds.length > 0
        ? await (0, pilot_totals_store_1.loadPilotSlices)(q, version, pilotIds, flightRefs)
        : new Map();
    const changed = [];
    const erased = [];
    for (const [pilotId, events] of byPilot) {
        let before = slices.get(pilotId);
        const { state, verdicts } = (0, domain_1.foldEventRun)(before.state, events.map(({ event }) => ({
            stream_version: event.stream_version,
            event: { type: event.type, version: event.version, payload: event.payload },
        })));
        let touchedFlights = new Set();
        let erasedLast = false;
        verdicts.forEach((verdict, i) => {
            const { message, event } = events[i];
            if (verdict.kind === 'repeat')
                outcome.repeats += 1;
            else if (verdict.kind === 'rejected')
                outcome.deadLetters.push({ message, pilotId, reason: verdict.reason });
            else {
                outcome.applied += 1;
                erasedLast = event.type === 'AccountErased';
                if (erasedLast) {
                    // The account was erased: its rows go, and what follows is stored as a new pilot's.
                    if (!erased.includes(pilotId))
                        erased.push(pilotId);
                    keys.forgetSubject(pilotId);
                    before = {
                        state: { ...(0, domain_1.initialPilotTotalsState)(), version: event.stream_version },
                        lastFlightDate: null,
                    };
                    touchedFlights = new Set();
                }
                const flightId = flightIdOf(event.payload);
                if (flightId !== null)
                    touchedFlights.add(flightId);
            }
        });
        if (!erasedLast && state.version !== before.state.version)
            changed.push({ pilotId, before, state, touchedFlights });
    }
    await (0, pilot_totals_store_1.deleteErasedPilots)(q, version, erased);
    await (0, pilot_totals_store_1.storePilotChanges)(q, version, partition, changed);
    await recordDeadLetters(q, target, outcome.deadLetters);
    outcome.nextOffset = heldFrom ?? (BigInt(last.offset) + 1n).toString();
    await q.query(`insert into projection_offsets (projection, version, kafka_partition, topic, next_offset, complete_through, updated_at)
     values ($1, $2, $3, $4, $5, $6, now())
     on conflict (projection, version, kafka_partition) do update set
       topic = excluded.topic, next_offset = excluded.next_offset, updated_at = excluded.updated_at,
       complete_through = greatest(projection_offsets.complete_through, excluded.complete_through)`, [projection_tables_1.PILOT_TOTALS_PROJECTION, version, partition, topic, outcome.nextOffset, latestOccurred]);
    return outcome;
}
const flightIdOf = (payload) => 'flight' in payload ? payload.flight.flight_id : 'flight_id' in payload ? payload.flight_id : null;
async function recordDeadLetters(q, target, deadLetters) {
    if (deadLetters.length === 0)
        return;
    await q.query(`insert into projection_dead_letters (projection, version, topic, kafka_partition, kafka_offset, pilot_account_id, reason)
     select $1, $2, $3, $4, o, p, r from unnest($5::bigint[], $6::uuid[], $7::text[]) as u (o, p, r)
     on conflict do nothing`, [
        projection_tables_1.PILOT_TOTALS_PROJECTION,
        target.version,
        target.topic,
        target.partition,
        deadLetters.map((d) => d.message.offset),
        deadLetters.map((d) => d.pilotId),
        deadLetters.map((d) => d.reason),
    ]);
}
//# sourceMappingURL=pilot-totals.batch.js.map