"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WriteOutcomeUnknown = void 0;
exports.isCommitOutcomeUnknown = isCommitOutcomeUnknown;
exports.isDeadlock = isDeadlock;
exports.writeOutcomeTimeoutMs = writeOutcomeTimeoutMs;
const data_source_1 = require("./data-source");
/**
 * Postgres's classes of errors that say nothing of what became of the statement: a connection
 * exception, an operator's intervention (a terminated session, a cancel), a system or internal error.
 */
const UNTOLD_CLASSES = new Set(['08', '57', '58', 'XX']);
/**
 * True when a failure of the statement that commits (COMMIT, or a statement committing alone) leaves
 * unknown whether it committed: anything but Postgres's own refusal of it, which rolls it back. A lost
 * connection, a client time limit or a terminated session may come before or after the commit.
 */
function isCommitOutcomeUnknown(error) {
    const { severity, code } = (error ?? {});
    const answeredByServer = typeof severity === 'string' && typeof code === 'string' && code.length === 5;
    return !answeredByServer || UNTOLD_CLASSES.has(code.slice(0, 2));
}
/**
 * True when Postgres ended the statement to break a deadlock (40P01): the transaction was rolled back,
 * nothing it wrote is kept, and the same work sent again is expected to succeed.
 */
function isDeadlock(error) {
    return error?.code === '40P01';
}
/**
 * A write whose commit went unanswered and whose outcome could not be found out in time, the database
 * being out of reach: the client is told so (503 WRITE_OUTCOME_UNKNOWN) and to send the request again.
 */
class WriteOutcomeUnknown extends Error {
    cause;
    static MESSAGE = 'The database did not confirm whether this write was recorded; send the same request again (a delete sent again answers 404 when the first one was recorded)';
    constructor(cause) {
        super('the outcome of a commit could not be found out in time');
        this.cause = cause;
        this.name = 'WriteOutcomeUnknown';
    }
}
exports.WriteOutcomeUnknown = WriteOutcomeUnknown;
/**
 * How long a write whose commit went unanswered keeps trying to find out its outcome: the configured
 * time, or else as long as the client gives one statement (the query time limit and its grace), 11 s
 * when statements have no limit.
 */
function writeOutcomeTimeoutMs(config) {
    if (config.WRITE_OUTCOME_TIMEOUT_MS !== undefined)
        return config.WRITE_OUTCOME_TIMEOUT_MS;
    return (config.DATABASE_QUERY_TIMEOUT_MS > 0 ? config.DATABASE_QUERY_TIMEOUT_MS : 10_000) + data_source_1.CLIENT_GRACE_MS;
}
//# sourceMappingURL=write-outcome.js.map