"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReadTally = void 0;
const DAY_MS = 86_400_000;
/**
 * The tally of an answer object, held on it under a symbol of this module's own. A batch of 50 counts
 * 50 answers on every request: with the tally on the answer the request has just read, a count is two
 * assignments, where a look-up by `pilot_id` in a map of every pilot read was about 9% of a batch's
 * time in the access history benchmark (ten thousand pilots). Nothing else reads it; the answer's JSON
 * is made from its schema's fields only.
 */
const ANSWER_TALLY = Symbol('access history tally');
/**
 * Reads counted in memory per `pilot_id` (connection) and UTC day, until taken to be written. Answers
 * counted since the last take are listed once each; take() adds up the answers of one connection (an
 * answer kept in memory is replaced when its totals change).
 */
class ReadTally {
    /** Counts given back after a failed write, and earlier days of answers counted across midnight. */
    days = new Map();
    /** Every answer tally with reads since the last take. */
    counted = [];
    /** Counts one read of `answer` at `now` (epoch ms). */
    count(answer, now) {
        const tallied = answer;
        let tally = tallied[ANSWER_TALLY];
        if (tally === undefined) {
            tally = { connectionId: answer.pilot_id, dayStart: 0, reads: 0, lastAt: 0 };
            // Not enumerable: a copy of the answer ({ ...answer }) does not take the tally with it.
            Object.defineProperty(answer, ANSWER_TALLY, { value: tally });
        }
        else if (tally.reads > 0 && now >= tally.dayStart && now < tally.dayStart + DAY_MS) {
            tally.reads++;
            if (now > tally.lastAt)
                tally.lastAt = now;
            return;
        }
        // The answer's first read since the last take, or the first of another day.
        if (tally.reads > 0)
            this.add(tally.connectionId, dayOf(tally.dayStart), tally.reads, tally.lastAt);
        else
            this.counted.push(tally);
        tally.dayStart = now - (now % DAY_MS);
        tally.reads = 1;
        tally.lastAt = now;
    }
    /** Whether nothing is counted. */
    get empty() {
        return this.days.size === 0 && this.counted.length === 0;
    }
    /** Everything counted so far, which this tally then forgets. */
    take() {
        for (const tally of this.counted) {
            this.add(tally.connectionId, dayOf(tally.dayStart), tally.reads, tally.lastAt);
            tally.reads = 0;
        }
        this.counted = [];
        const taken = [];
        for (const [day, tallies] of this.days)
            for (const [connectionId, { reads, lastAt }] of tallies)
                taken.push({ connectionId, day, reads, lastAt });
        this.days = new Map();
        return taken;
    }
    /** Counts taken earlier again (their write failed), added to what was counted since. */
    restore(counts) {
        for (const { connectionId, day, reads, lastAt } of counts)
            this.add(connectionId, day, reads, lastAt);
    }
    add(connectionId, day, reads, lastAt) {
        let tallies = this.days.get(day);
        if (!tallies)
            this.days.set(day, (tallies = new Map()));
        const tally = tallies.get(connectionId);
        if (tally) {
            tally.reads += reads;
            tally.lastAt = Math.max(tally.lastAt, lastAt);
        }
        else
            tallies.set(connectionId, { reads, lastAt });
    }
}
exports.ReadTally = ReadTally;
/** `YYYY-MM-DD` of the UTC day starting at `dayStart`. */
const dayOf = (dayStart) => new Date(dayStart).toISOString().slice(0, 10);
//# sourceMappingURL=read-tally.js.map