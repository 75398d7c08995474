"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RECONCILE_MARGIN_MS = void 0;
exports.inFlight = inFlight;
exports.readTopicFrom = readTopicFrom;
exports.eventIdOf = eventIdOf;
exports.splitByTopic = splitByTopic;
exports.findOnTopic = findOnTopic;
exports.reconcileInFlight = reconcileInFlight;
const contracts_1 = require("../../contracts/src/index.js");
const outbox_rows_1 = require("./outbox-rows");
const relay_lease_statements_1 = require("./relay-lease.statements");
/**
 * How much earlier than a row's mark the topic is read from: the mark is on the database's clock,
 * a message's timestamp on the producer's, and the two may differ by this much.
 */
exports.RECONCILE_MARGIN_MS = 60_000;
/** How long reading the topic back may take before the relay gives up and tries again. */
const READ_TIMEOUT_MS = 30_000;
/** Rows marked in flight: an earlier send (this relay's or another's) may have put them on the topic. */
function inFlight(rows) {
    return rows.filter((r) => r.sent_at_ms !== null);
}
/** Where on the topic to look for rows in flight: from the earliest mark, less the margin. */
function readTopicFrom(rows, marginMs) {
    const marks = inFlight(rows).map((r) => r.sent_at_ms);
    return marks.length === 0 ? undefined : Math.min(...marks) - marginMs;
}
/** The event a message carries: its `event_id` header, else its decoded value's. */
function eventIdOf(message) {
    const header = message.headers.event_id;
    if (header)
        return header;
    // The envelope is enough (and a sealed payload is not opened here).
    const decoded = (0, contracts_1.decodeEventEnvelope)(message.value);
    return decoded.ok ? decoded.message.event_id : undefined;
}
/**
 * Splits a batch by what the topic holds: rows in flight whose event is there were published, the
 * rest (never marked, or marked and not there) are still to send, in the batch's order.
 */
function splitByTopic(rows, onTopic) {
    const published = [];
    const unsent = [];
    for (const row of rows)
        (row.sent_at_ms !== null && onTopic.has(row.event_id) ? published : unsent).push(row);
    return { published, unsent };
}
/** The events among `wanted` that `topic` holds from `since` (ms since the epoch) to its end. */
async function findOnTopic(kafka, topic, wanted, since) {
    const admin = kafka.admin();
    await admin.connect();
    let ranges;
    try {
        const starts = await admin.fetchTopicOffsetsByTimestamp(topic, since);
        const ends = await admin.fetchTopicOffsets(topic);
        ranges = starts.map((s) => ({
            partition: s.partition,
            from: s.offset,
            to: ends.find((e) => e.partition === s.partition)?.high ?? s.offset,
        }));
    }
    finally {
        await admin.disconnect().catch(() => undefined);
    }
    const messages = await kafka.readPartitions(topic, ranges, { timeoutMs: READ_TIMEOUT_MS });
    const found = new Set();
    for (const m of messages) {
        const id = eventIdOf(m);
        if (id !== undefined && wanted.has(id))
            found.add(id);
    }
    return found;
}
/**
 * The step before a batch with rows in flight is sent: finds which of them are on the topic, and
 * deletes those with the fencing token (the caller holds the lease), so that only the others go out.
 * The topic is read after the mark's sender can no longer deliver: this relay's earlier producer was
 * closed after its failed send, and another relay's lease, which fenced its sends, has passed.
 */
async function reconcileInFlight(client, kafka, options, rows) {
    const since = readTopicFrom(rows, options.marginMs);
    if (since === undefined)
        return { published: 0, unsent: [...rows], leaseHeld: true };
    const wanted = new Set(inFlight(rows).map((r) => r.event_id));
    const onTopic = await findOnTopic(kafka, options.topic, wanted, since);
    const { published, unsent } = splitByTopic(rows, onTopic);
    if (published.length === 0)
        return { published: 0, unsent, leaseHeld: true };
    const deleted = await (0, outbox_rows_1.deleteOutboxRows)(client, published, relay_lease_statements_1.OUTBOX_RELAY_LEASE, options.token);
    return { published: deleted, unsent, leaseHeld: deleted > 0 };
}
//# sourceMappingURL=outbox-reconcile.js.map