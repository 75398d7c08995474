"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GroupCommit = void 0;
const write_outcome_1 = require("../../platform/src/database/write-outcome.js");
const turn_batcher_1 = require("../../platform/src/batching/turn-batcher.js");
/**
 * Group commit for the guessed single-stream appends of concurrent commands (a new flight each): those
 * that arrive in one event-loop turn go to Postgres as one statement on one connection, one round trip
 * and one commit for all, each command answered with its own outcome.
 *
 * - Two appends to one stream never share a statement: the later waits for the group after the one
 *   holding its stream has settled (TurnBatcher's keys), so concurrent groups never race on a version.
 * - A statement refused as a whole (a version taken by a writer outside the groups, a data key destroyed,
 *   anything Postgres refused it for) wrote nothing: every append of it goes on alone, as it would
 *   have without grouping, so what concerns one command fails only that one.
 * - A commit that went unanswered is settled for the whole group, once (CommitOutcomes.storedOf): the
 *   appends whose events are stored answer as appended; when some are stored, the statement committed
 *   and the others' guards held their events back; when none is, nothing was recorded and each command
 *   fails with the commit's failure, as a lone append's does.
 */
class GroupCommit {
    db;
    sessions;
    outcomes;
    append;
    options;
    /** One batcher per kind of guard: appends of different guards cannot share a statement. */
    batchers = new Map();
    constructor(db, sessions, outcomes, append, options) {
        this.db = db;
        this.sessions = sessions;
        this.outcomes = outcomes;
        this.append = append;
        this.options = options;
    }
    /** True when the item's events were appended, false when they were held back; throws its failure. */
    async add(item) {
        const outcome = await this.batcherOf(item.append).add(item);
        if ('failed' in outcome)
            throw outcome.failed;
        return outcome.appended;
    }
    batcherOf({ guard }) {
        const kind = `${guard.cte}\n${guard.passed}`;
        let batcher = this.batchers.get(kind);
        if (!batcher) {
            batcher = new turn_batcher_1.TurnBatcher((items) => this.run(items), {
                maxSize: this.options.maxSize,
                keyOf: (item) => item.append.streamId,
            });
            this.batchers.set(kind, batcher);
        }
        return batcher;
    }
    async run(items) {
        let pid;
        let results;
        try {
            results = await this.sessions.onOneConnection(this.db, (connection) => {
                pid = this.sessions.backendPid(connection);
                return this.append(connection, items.map((i) => i.append), { notify: this.options.notify });
            });
        }
        catch (err) {
            // Without a session nothing was sent: each command fails as a lone append does without one.
            if (pid === undefined)
                return items.map(() => ({ failed: err }));
            if ((0, write_outcome_1.isCommitOutcomeUnknown)(err))
                return this.settle(items, pid, err);
            return Promise.all(items.map((item) => this.alone(item)));
        }
        if (results.some((r) => 'events' in r && r.events.length > 0))
            this.options.afterAppend?.();
        return Promise.all(items.map((item, i) => {
            const result = results[i];
            return 'refused' in result
                ? this.alone(item)
                : Promise.resolve({ appended: result.events.length > 0 });
        }));
    }
    alone(item) {
        return item.alone().then((appended) => ({ appended }), (failed) => ({ failed }));
    }
    /** Each append's outcome once it is known what the unanswered commit of the group on `pid` recorded. */
    async settle(items, pid, err) {
        const ids = items.flatMap((item) => item.append.events.map((e) => e.event_id));
        let stored;
        try {
            stored = new Set(await this.outcomes.storedOf(pid, ids, err));
        }
        catch (unknown) {
            return items.map(() => ({ failed: unknown }));
        }
        if (stored.size === 0)
            return items.map(() => ({ failed: err }));
        this.options.afterAppend?.();
        return items.map(({ append }) => {
            const found = append.events.filter((e) => stored.has(e.event_id)).length;
            if (found === append.events.length)
                return { appended: true };
            if (found === 0)
                return { appended: false };
            return {
                failed: new Error(`${found} of the ${append.events.length} events of one command are stored`),
            };
        });
    }
}
exports.GroupCommit = GroupCommit;
//# sourceMappingURL=group-commit.js.map