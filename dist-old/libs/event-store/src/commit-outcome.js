"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CommitOutcomes = void 0;
const promises_1 = require("node:timers/promises");
const session_1 = require("../../platform/src/database/session.js");
const write_outcome_1 = require("../../platform/src/database/write-outcome.js");
const event_store_1 = require("./event-store");
const POSTGRES = { endSession: session_1.endSession, storedEventIds: event_store_1.storedEventIds };
/** The pause between two tries while the database cannot be asked. */
const PAUSE_MS = 200;
/** Rejects when `ms` pass before `work` settles. */
async function within(work, ms) {
    let timer;
    const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), ms);
    });
    try {
        return await Promise.race([work, timeout]);
    }
    finally {
        clearTimeout(timer);
    }
}
/**
 * Finds out whether a commit that went unanswered was recorded, before the client is answered: from
 * another connection, ends the session the commit was sent on (so that it can no longer commit later),
 * then looks for the command's events by their ids. While the database cannot be asked it tries again,
 * for `timeoutMs` at most, then gives up with WriteOutcomeUnknown.
 */
class CommitOutcomes {
    db;
    timeoutMs;
    queries;
    constructor(db, timeoutMs, queries = POSTGRES) {
        this.db = db;
        this.timeoutMs = timeoutMs;
        this.queries = queries;
    }
    /**
     * True when the events of the commit sent on session `pid` are stored, false when they are not and
     * never will be; `cause` is the commit's own failure, kept on the WriteOutcomeUnknown.
     */
    async recorded(pid, eventIds, cause) {
        return this.untilAnswered(cause, (deadline) => this.lookUp(pid, eventIds, deadline));
    }
    /**
     * Which of `eventIds` are stored, once the session `pid` the commit was sent on has ended: for a commit
     * that appended the events of several commands (GroupCommit), each of which may have appended nothing.
     */
    async storedOf(pid, eventIds, cause) {
        return this.untilAnswered(cause, async (deadline) => {
            await this.queries.endSession(this.db, pid, deadline);
            return eventIds.length === 0 ? [] : this.queries.storedEventIds(this.db, eventIds);
        });
    }
    /** What `ask` answers, asked again while the database cannot be asked, for `timeoutMs` at most. */
    async untilAnswered(cause, ask) {
        const deadline = Date.now() + this.timeoutMs;
        let lastFailure = cause;
        for (;;) {
            const left = deadline - Date.now();
            if (left <= 0)
                break;
            try {
                return await within(ask(deadline), left);
            }
            catch (err) {
                lastFailure = err;
            }
            await (0, promises_1.setTimeout)(Math.max(0, Math.min(PAUSE_MS, deadline - Date.now())));
        }
        throw new write_outcome_1.WriteOutcomeUnknown(lastFailure === cause ? cause : { commit: cause, lookUp: lastFailure });
    }
    /** Ends the session `pid` without looking for anything: for a commit that appended no events. */
    async ended(pid, cause) {
        await this.recorded(pid, [], cause);
    }
    async lookUp(pid, eventIds, deadline) {
        await this.queries.endSession(this.db, pid, deadline);
        if (eventIds.length === 0)
            return false;
        const found = await this.queries.storedEventIds(this.db, eventIds);
        if (found.length === eventIds.length)
            return true;
        if (found.length === 0)
            return false;
        throw new Error(`${found.length} of the ${eventIds.length} events of one commit are stored`);
    }
}
exports.CommitOutcomes = CommitOutcomes;
//# sourceMappingURL=commit-outcome.js.map