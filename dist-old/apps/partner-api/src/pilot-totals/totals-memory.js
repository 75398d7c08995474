"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TotalsMemory = exports.MAX_KEPT_ANSWERS = void 0;
const lru_cache_1 = require("lru-cache");
/**
 * Bounded: past this many answers, the least recently stored ones go first. A look-up does not move an
 * answer up: lru-cache's `get` does, and it was about 5% of the partner API's CPU under reads (a
 * profile of batches of 50 answered from memory: its internal get, a new options object and list
 * updates per look-up), where `peek` only looks. An answer in use is stored again at least every
 * `lifetimeMs` (a second by default), when it is read or checked against the database, so the order
 * of storing is the order of use to within that.
 */
exports.MAX_KEPT_ANSWERS = 100_000;
/**
 * Options handed to every look-up and store: lru-cache defaults a missing options argument to a new
 * object on each call, and a batch of 50 answered from memory looks up 50 times.
 */
const LOOK_UP = {};
const STORE = {};
/**
 * Projected totals answers kept in this replica's memory, each with the partner and the revision it was
 * read under. One is given as it is only to that partner, while the partner read revision is the one it
 * was read under, and for at most `lifetimeMs`. An answer that stopped counting stays, for `kept`: the
 * reader then asks the database whether its pilot is still connected and its row unchanged.
 *
 * Keyed by pilot_id alone: a pilot_id is a connection's id, unique across partners, so a look-up builds
 * no key. The partner is compared all the same, so an id never answers for another partner.
 */
class TotalsMemory {
    lifetimeMs;
    answers = new lru_cache_1.LRUCache({ max: exports.MAX_KEPT_ANSWERS });
    constructor(lifetimeMs) {
        this.lifetimeMs = lifetimeMs;
    }
    /** The answer for `pilotId` if it was read for `partnerId` under `revision` and is within its lifetime at `now`. */
    get(partnerId, pilotId, revision, now) {
        const entry = this.answers.peek(pilotId, LOOK_UP);
        if (entry === undefined)
            return undefined;
        const reading = entry.reading;
        if (!reading.fresh || reading.partnerId !== partnerId)
            return undefined;
        if (reading.revision !== revision || now - reading.readAt >= this.lifetimeMs) {
            reading.fresh = false;
            return undefined;
        }
        return entry.view;
    }
    /** The answer kept for `pilotId`, fresh or not: to be checked against the database before use. */
    kept(partnerId, pilotId) {
        const entry = this.answers.peek(pilotId, LOOK_UP);
        return entry?.reading.partnerId === partnerId
            ? { view: entry.view, versions: entry.versions }
            : undefined;
    }
    /**
     * The answers of one database read, all under `revision`, which must be the one read before the
     * database was: a change after it moves it on.
     */
    put(partnerId, answers, revision, now) {
        if (answers.length === 0)
            return;
        const reading = { partnerId, revision, readAt: now, fresh: true };
        for (const { view, versions } of answers)
            this.answers.set(view.pilot_id, { view, versions, reading }, STORE);
    }
}
exports.TotalsMemory = TotalsMemory;
//# sourceMappingURL=totals-memory.js.map