"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OUTBOX_CHANNEL = exports.DataKeyGone = exports.StreamVersionConflict = void 0;
exports.sealedPilotOf = sealedPilotOf;
exports.storedPayload = storedPayload;
exports.appendEvents = appendEvents;
exports.storedEventIds = storedEventIds;
const node_crypto_1 = require("node:crypto");
const contracts_1 = require("../../contracts/src/index.js");
const crypto_1 = require("../../platform/src/crypto/index.js");
const prepared_statement_1 = require("../../platform/src/database/prepared-statement.js");
const rows_of_1 = require("../../platform/src/database/rows-of.js");
const stream_lock_1 = require("./stream-lock");
/** The stream moved on since the caller read it: the command must be decided again. */
class StreamVersionConflict extends Error {
    streamId;
    expected;
    actual;
    constructor(streamId, expected, actual) {
        super(`stream ${streamId} is at version ${actual}, expected ${expected}`);
        this.streamId = streamId;
        this.expected = expected;
        this.actual = actual;
        this.name = 'StreamVersionConflict';
    }
}
exports.StreamVersionConflict = StreamVersionConflict;
/**
 * The data key the append sealed with was destroyed meanwhile (a writer's memory of it outlived an
 * erasure): nothing was written; the command is decided again and sealed with the pilot's current key.
 */
class DataKeyGone extends Error {
    pilotAccountId;
    constructor(pilotAccountId) {
        super(`the data key of pilot ${pilotAccountId} is gone`);
        this.pilotAccountId = pilotAccountId;
        this.name = 'DataKeyGone';
    }
}
exports.DataKeyGone = DataKeyGone;
const isDataKeyGone = (err) => {
    const e = err;
    return e.code === 'P0002' && typeof e.message === 'string' && e.message.includes('data key');
};
/** Another append took the same stream version first (only possible without the stream lock). */
function isVersionClash(err) {
    const e = err;
    return e.code === '23505' && e.constraint === 'events_stream_version_unique';
}
/** The channel the append transaction notifies on commit, so the relay wakes at once. */
exports.OUTBOX_CHANNEL = 'event_outbox';
/** How many parameters the append statement takes before those of an `onlyIf` guard, then of `fromAppended`. */
const APPEND_PARAMETERS = 7;
/** The pilot whose data key seals these events' payloads; undefined when none of them is sealed. */
function sealedPilotOf(events) {
    const pilots = new Set(events.filter((e) => (0, contracts_1.isSealedEventType)(e.type)).map((e) => e.payload.pilot_account_id));
    if (pilots.size > 1)
        throw new Error('one append seals the payloads of one pilot only');
    return [...pilots][0];
}
/**
 * The payload as stored: sealed with the pilot's data key when its type describes the pilot
 * (SEALED_EVENT_TYPES), bound to its event by the associated data; as it is otherwise.
 */
function storedPayload(e, head, key) {
    if (!key || !(0, contracts_1.isSealedEventType)(e.type))
        return e.payload;
    const { pilot_account_id } = e.payload;
    const aad = (0, contracts_1.sealedPayloadAad)({
        event_id: head.event_id,
        type: e.type,
        version: head.schema_version,
        pilot_account_id,
    });
    return { pilot_account_id, sealed: (0, crypto_1.sealJson)(e.payload, key, aad) };
}
/** `$1`, `$2`, ... of a statement written alone, renumbered to follow `count` parameters of another. */
const shiftParameters = (sql, count) => sql.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + count}`);
/**
 * Appends `events` to `streamId` inside the caller's transaction, with an outbox row each and a
 * notification to the relay; nothing is visible until the caller commits, and a rollback leaves no trace.
 * Throws StreamVersionConflict when `expectedVersion` is a number and the stream is elsewhere.
 */
async function appendEvents(runner, streamId, expectedVersion, events, metadata = {}, options = {}) {
    if (!options.streamLocked)
        await (0, stream_lock_1.lockStream)(runner, streamId);
    const keys = options.keys ?? ((0, crypto_1.payloadSealingEnabled)() ? (0, crypto_1.sharedDataKeys)() : undefined);
    const sealedPilot = keys ? sealedPilotOf(events) : undefined;
    const key = sealedPilot === undefined ? undefined : await keys.keyToSeal(runner, sealedPilot);
    const docs = events.map((e) => {
        const head = {
            event_id: e.event_id ?? (0, node_crypto_1.randomUUID)(),
            schema_version: e.version ?? contracts_1.CURRENT_EVENT_VERSION[e.type],
        };
        return {
            ...head,
            type: e.type,
            payload: storedPayload(e, head, key),
        };
    });
    // Each event's metadata names the stream version of the batch's last one (command_last_version), so a
    // consumer can tell when it holds only part of a command (command-completeness.ts in libs/contracts).
    // One statement for the whole batch (an import appends a thousand). Under the stream lock its snapshot
    // sees the stream's latest committed version; without it, a concurrent append that took the same version
    // makes this one fail on the unique version. `order by ord` makes the positions follow the versions.
    const guard = options.onlyIf;
    const guardCte = guard ? shiftParameters(guard.cte, APPEND_PARAMETERS) : '';
    // Payloads stored in the clear already hold what the projection's parameters would send again.
    const fromPayloads = key === undefined ? options.fromAppended?.fromPlainPayloads : undefined;
    const projection = fromPayloads === undefined ? options.fromAppended : { cte: fromPayloads, params: [] };
    const projectionCte = projection
        ? shiftParameters(projection.cte, APPEND_PARAMETERS + (guard?.params.length ?? 0))
        : '';
    const appendedPayload = fromPayloads === undefined ? '' : ', payload';
    const rows = (await (0, prepared_statement_1.queryPrepared)(runner, `with ${guard ? `guard as (${guardCte}), ` : ''}cur as (
       select coalesce(max(stream_version), 0)::int as v,
              coalesce((select bool_and(require_data_key(k)) from unnest($7::uuid[]) as k), true) as keys_held
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
       returning position, event_id, stream_version${projection ? `, type${appendedPayload}` : ''}
     ), ${projection ? `appended as (select i.stream_version - cur.v as ord, i.stream_version, i.type${appendedPayload ? ', i.payload' : ''} from ins i, cur), from_appended as (${projectionCte}), ` : ''}outbox as (
       insert into event_outbox (position) select position from ins
     ), wake as (
       select pg_notify('${exports.OUTBOX_CHANNEL}', '') where $6::boolean and exists (select 1 from ins)
     )
     select cur.v as current_version, ins.event_id::text as event_id, ins.stream_version,
            ins.position::text as position
       from cur left join ins on true left join wake on true
      order by ins.stream_version`, [
        streamId,
        expectedVersion === 'any' ? null : expectedVersion,
        JSON.stringify(docs),
        JSON.stringify(metadata),
        options.occurredAt ?? null,
        options.notify ?? true,
        key ? [key.keyId] : [],
        ...(guard?.params ?? []),
        ...(projection?.params ?? []),
    ]).catch((err) => {
        if (sealedPilot !== undefined && isDataKeyGone(err)) {
            keys.forgetSubject(sealedPilot);
            throw new DataKeyGone(sealedPilot);
        }
        if (isVersionClash(err))
            throw new StreamVersionConflict(streamId, expectedVersion === 'any' ? -1 : expectedVersion, -1);
        throw err;
    }));
    const current = rows[0]?.current_version ?? 0;
    if (expectedVersion !== 'any' && expectedVersion !== current) {
        throw new StreamVersionConflict(streamId, expectedVersion, current);
    }
    // With a guard that matched nothing, nothing was appended: the caller reads `events` (empty).
    const appended = rows.filter((r) => r.event_id !== null && r.event_id !== undefined);
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
async function storedEventIds(runner, eventIds) {
    const result = await runner.query('select event_id::text as event_id from events where event_id = any($1::uuid[])', [eventIds]);
    return (0, rows_of_1.rowsOf)(result).map((r) => r.event_id);
}
//# sourceMappingURL=event-store.js.map