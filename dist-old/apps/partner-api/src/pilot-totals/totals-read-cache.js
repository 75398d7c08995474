"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.TotalsReadCache = exports.answeredFromDatabase = exports.answeredFromMemory = exports.totalsReadCacheMetric = void 0;
const common_1 = require("@nestjs/common");
const prom_client_1 = require("prom-client");
const platform_1 = require("../../../../libs/platform/src/index.js");
const pilot_totals_database_1 = require("./pilot-totals.database");
const totals_memory_1 = require("./totals-memory");
/** Answers given from memory and read from the database, for /metrics (the hit rate). */
exports.totalsReadCacheMetric = (0, platform_1.metricOnce)('pft_partner_totals_answers_total', () => new prom_client_1.Counter({
    name: 'pft_partner_totals_answers_total',
    help: 'Pilot totals answered to partners, by source: memory (TotalsReadCache) or database',
    labelNames: ['source'],
}));
/** The two series of the metric, bound once (each request counts into one or both). */
exports.answeredFromMemory = exports.totalsReadCacheMetric.labels('memory');
exports.answeredFromDatabase = exports.totalsReadCacheMetric.labels('database');
const NOTHING_KEPT = new Map();
/**
 * The cache around the partner read path's database reads (PilotTotalsDatabase). Projected answers are
 * kept in this replica's memory (TotalsMemory) and given as they are only while the partner read
 * revision (read from Redis with the request's rate count) is the one they were read under, and for at
 * most PARTNER_TOTALS_CACHE_MS (0 turns the cache off): any projector batch, disconnect or version switch
 * moves the revision on, which every disconnect does before it returns, so a disconnect is effective at
 * the next request. Without a revision (Redis unreachable) nothing is reused. An answer that stopped
 * counting is checked against the database before it is given again; the rest is read in full.
 */
let TotalsReadCache = class TotalsReadCache {
    database;
    /** Database reads under way (see readShared). */
    reading = new Map();
    memory;
    enabled;
    constructor(config, database) {
        this.database = database;
        this.memory = new totals_memory_1.TotalsMemory(config.PARTNER_TOTALS_CACHE_MS);
        this.enabled = config.PARTNER_TOTALS_CACHE_MS > 0;
    }
    /**
     * The answer kept for `pilotId` if it counts under `revision` at `now`; not counted in the metric (the
     * caller counts a request's answers from memory at once). Only while `enabled`.
     */
    remembered(partnerId, pilotId, revision, now) {
        return this.memory.get(partnerId, pilotId, revision, now);
    }
    /**
     * The answers of `pilotIds` that memory did not give, in their order, without those that do not
     * resolve. `revision`: the partner read revision seen before this read, and `now` the time of the
     * look-up in memory; null reads everything afresh and keeps nothing.
     */
    async read(partnerId, pilotIds, revision, now) {
        if (revision === null || !this.enabled)
            return counted(await this.readStored(partnerId, pilotIds, NOTHING_KEPT));
        const kept = new Map();
        for (const pilotId of pilotIds) {
            const earlier = this.memory.kept(partnerId, pilotId);
            if (earlier)
                kept.set(pilotId, earlier);
        }
        const stored = counted(await this.readShared(partnerId, pilotIds, revision, kept));
        // Live answers (not projected yet) are as of now: never kept.
        this.memory.put(partnerId, stored.filter((answer) => answer.versions !== null), revision, now);
        return stored;
    }
    /**
     * One database read for the requests that miss the same ids under the same revision at the same
     * time (every replica's memory empties at once when the revision moves on or entries reach the end
     * of their lifetime): they wait for the read the first one started instead of each starting one.
     * Sharing it is as safe as the memory itself: all of them saw the revision it was started under.
     */
    readShared(partnerId, pilotIds, revision, kept) {
        const key = `${revision}/${partnerId}/${pilotIds.join(',')}`;
        const pending = this.reading.get(key);
        if (pending)
            return pending;
        const read = this.readStored(partnerId, pilotIds, kept).finally(() => this.reading.delete(key));
        this.reading.set(key, read);
        return read;
    }
    /** In the order of `pilotIds`: a pilot with a kept answer is checked first, the others read in full. */
    async readStored(partnerId, pilotIds, kept) {
        const answers = new Map();
        const toRead = pilotIds.filter((id) => !kept.has(id));
        const toCheck = pilotIds.filter((id) => kept.has(id));
        if (toCheck.length > 0) {
            const { held, changed } = await this.database.check(partnerId, toCheck, kept);
            for (const answer of held)
                answers.set(answer.view.pilot_id, answer);
            toRead.push(...changed);
        }
        if (toRead.length > 0) {
            for (const answer of await this.database.read(partnerId, toRead))
                answers.set(answer.view.pilot_id, answer);
        }
        return pilotIds.flatMap((id) => answers.get(id) ?? []);
    }
};
exports.TotalsReadCache = TotalsReadCache;
exports.TotalsReadCache = TotalsReadCache = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [platform_1.AppConfig,
        pilot_totals_database_1.PilotTotalsDatabase])
], TotalsReadCache);
function counted(answers) {
    exports.answeredFromDatabase.inc(answers.length);
    return answers;
}
//# sourceMappingURL=totals-read-cache.js.map