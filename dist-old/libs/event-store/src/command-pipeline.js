"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CommandPipeline = void 0;
const node_crypto_1 = require("node:crypto");
const session_1 = require("../../platform/src/database/session.js");
const write_outcome_1 = require("../../platform/src/database/write-outcome.js");
const commit_outcome_1 = require("./commit-outcome");
const event_store_1 = require("./event-store");
const stream_lock_1 = require("./stream-lock");
const group_append_1 = require("./group-append");
const group_commit_1 = require("./group-commit");
const EVENT_STORE = { lockAtVersion: stream_lock_1.lockStreamAtVersion, append: event_store_1.appendEvents, appendGroup: group_append_1.appendGroup };
const POSTGRES_SESSIONS = {
    backendPid: session_1.backendPidOf,
    onOneConnection: session_1.onOneConnection,
    outcomes: (db, timeoutMs) => new commit_outcome_1.CommitOutcomes(db, timeoutMs),
};
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_OUTCOME_TIMEOUT_MS = 11_000;
/** The events with the ids they are stored under, chosen here so they can be looked for after a lost commit. */
const withEventIds = (events) => events.map((e) => (e.event_id ? e : { ...e, event_id: (0, node_crypto_1.randomUUID)() }));
/**
 * The failures after which a command is decided again from its loaded state, nothing of it written:
 * another writer took the stream version; the pilot's data key is gone since it was remembered (the
 * events are sealed with the current key); Postgres broke a deadlock with another writer of the stream
 * (a replayed flight's row written before its events one way, after them the other).
 */
const decidedAgainAfter = (err) => err instanceof event_store_1.StreamVersionConflict || err instanceof event_store_1.DataKeyGone || (0, write_outcome_1.isDeadlock)(err);
/**
 * The one write pipeline (emmett's CommandHandler): lock the stream and read its version, load the state,
 * decide, append the events with their outbox rows and the caller's write-side rows in one transaction,
 * checked against the version read, and decide again on a version conflict, a bounded number of times.
 */
class CommandPipeline {
    db;
    options;
    store;
    sessions;
    attempts;
    outcomes;
    groups;
    constructor(db, options = {}, store = EVENT_STORE, sessions = POSTGRES_SESSIONS) {
        this.db = db;
        this.options = options;
        this.store = store;
        this.sessions = sessions;
        this.attempts = options.attempts ?? DEFAULT_ATTEMPTS;
        this.outcomes = sessions.outcomes(db, options.outcomeTimeoutMs ?? DEFAULT_OUTCOME_TIMEOUT_MS);
        if (options.grouping && store.appendGroup) {
            this.groups = new group_commit_1.GroupCommit(db, sessions, this.outcomes, store.appendGroup, {
                maxSize: options.grouping.maxSize,
                notify: options.afterAppend === undefined,
                afterAppend: options.afterAppend,
            });
        }
    }
    async handle(command) {
        if (command.guess) {
            const decided = await this.tryGuess(command, command.guess);
            if (decided)
                return decided;
        }
        for (let attempt = 1;; attempt++) {
            try {
                return await this.decideAndAppend(command);
            }
            catch (err) {
                if (!decidedAgainAfter(err) || attempt >= this.attempts)
                    throw err;
            }
        }
    }
    async decideAndAppend(command) {
        let sent;
        let decision;
        try {
            decision = await this.db.transaction(async (tx) => {
                const pid = this.sessions.backendPid(tx);
                const version = await this.store.lockAtVersion(tx, command.streamId);
                const decided = command.decide(await command.load(tx));
                const events = withEventIds(decided.events);
                if (events.length > 0) {
                    await this.store.append(tx, command.streamId, version, events, command.metadata, {
                        streamLocked: true,
                        notify: this.options.afterAppend === undefined,
                        fromAppended: command.projectFromAppended?.(decided),
                    });
                }
                await command.project?.(tx, decided);
                // All that follows is the COMMIT: a failure from here on may have come before or after it.
                sent = { commit: { pid, events }, decided };
                return decided;
            });
        }
        catch (err) {
            if (!sent)
                throw err;
            await this.settle(sent.commit, err);
            decision = sent.decided;
        }
        if (decision.events.length > 0)
            this.options.afterAppend?.();
        return decision;
    }
    /**
     * Returns when the commit that failed with `err` was recorded after all; throws `err` when it was not
     * (nothing recorded: safe to send again), WriteOutcomeUnknown when that cannot be found out in time.
     */
    async settle(commit, err) {
        // Without a session, nothing was sent; a refusal by Postgres rolled the commit back.
        if (commit.pid === undefined || !(0, write_outcome_1.isCommitOutcomeUnknown)(err))
            throw err;
        if (commit.events.length === 0) {
            // Nothing to look for: the session is ended so it cannot commit later, and the client told so.
            await this.outcomes.ended(commit.pid, err);
            throw new write_outcome_1.WriteOutcomeUnknown(err);
        }
        const ids = commit.events.map((e) => e.event_id);
        if (!(await this.outcomes.recorded(commit.pid, ids, err)))
            throw err;
    }
    /** The decision on the guessed state when it was appended; undefined when the command must be loaded. */
    async tryGuess(command, guess) {
        let decided;
        try {
            decided = command.decide(guess.state);
        }
        catch {
            return undefined;
        }
        if (decided.events.length === 0)
            return undefined;
        const guard = guess.guard(decided);
        const events = withEventIds(decided.events);
        const alone = () => this.appendGuessed(command, guard, events);
        const appended = this.groups && guard.grouped
            ? await this.groups.add({
                append: { streamId: command.streamId, events, metadata: command.metadata, guard: guard.grouped },
                alone,
            })
            : await alone();
        return appended ? decided : undefined;
    }
    /**
     * The guessed decision's events appended in one statement behind `guard`: true when appended (the
     * relay woken), false when the guard held them back or another writer took the version.
     */
    async appendGuessed(command, guard, events) {
        const commit = { pid: undefined, events };
        try {
            // No lock: a concurrent append that takes the same version fails on the unique stream version.
            const result = await this.sessions.onOneConnection(this.db, (connection) => {
                commit.pid = this.sessions.backendPid(connection);
                return this.store.append(connection, command.streamId, 'any', commit.events, command.metadata, {
                    streamLocked: true,
                    notify: this.options.afterAppend === undefined,
                    onlyIf: { cte: guard.sql, params: guard.params },
                });
            });
            if (result.events.length === 0)
                return false;
        }
        catch (err) {
            if (decidedAgainAfter(err))
                return false;
            // The statement commits alone: its failure may have come before or after its commit.
            await this.settle(commit, err);
        }
        this.options.afterAppend?.();
        return true;
    }
}
exports.CommandPipeline = CommandPipeline;
//# sourceMappingURL=command-pipeline.js.map