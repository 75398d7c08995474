"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.lockStream = lockStream;
exports.lockStreamAtVersion = lockStreamAtVersion;
exports.streamVersion = streamVersion;
const prepared_statement_1 = require("../../platform/src/database/prepared-statement.js");
/**
 * Serializes writers of one stream until the caller's transaction ends. Take it before reading the
 * state a command is decided on; it also makes a stream's versions commit in order, which is what
 * keeps the relay's per-pilot order (a higher version cannot commit before a lower one).
 */
async function lockStream(runner, streamId) {
    await (0, prepared_statement_1.queryPrepared)(runner, 'select pg_advisory_xact_lock(hashtextextended($1, 0))', [streamId]);
}
/**
 * `lockStream` and the stream's version under it, in one round trip when no one else holds the lock (the
 * usual case). The statement's snapshot is taken before the lock is granted, so when the lock had to be
 * waited for the version is read again after it: the writer waited on has committed by then.
 */
async function lockStreamAtVersion(runner, streamId) {
    const [first] = await (0, prepared_statement_1.queryPrepared)(runner, `select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as locked,
            (select coalesce(max(stream_version), 0)::int from events where stream_id = $1) as version`, [streamId]);
    if (first?.locked)
        return first.version;
    await lockStream(runner, streamId);
    return streamVersion(runner, streamId);
}
/** The stream's current version (0 when it has no events). Read it after `lockStream`. */
async function streamVersion(runner, streamId) {
    const rows = (await runner.query('select coalesce(max(stream_version), 0)::int as version from events where stream_id = $1', [streamId]));
    return rows[0]?.version ?? 0;
}
//# sourceMappingURL=stream-lock.js.map