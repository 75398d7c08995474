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
exports.PilotTotalsBatchReader = void 0;
const common_1 = require("@nestjs/common");
const totals_read_cache_1 = require("../pilot-totals/totals-read-cache");
/** What GET /v1/pilot-totals/batch reads: up to 50 pilots' answers, those in memory looked up there. */
let PilotTotalsBatchReader = class PilotTotalsBatchReader {
    cache;
    constructor(cache) {
        this.cache = cache;
    }
    /**
     * The answers of `pilotIds` (lower-case, distinct) by position: undefined where an id does not
     * resolve for `partnerId`. `readRevision`: the partner read revision seen before this read; null
     * reads everything afresh.
     */
    async read(partnerId, pilotIds, readRevision) {
        const now = Date.now();
        // By position, in an array: the common case, every answer in memory, builds nothing else.
        const views = new Array(pilotIds.length);
        if (readRevision !== null && this.cache.enabled) {
            let inMemory = 0;
            for (let i = 0; i < pilotIds.length; i++) {
                const view = this.cache.remembered(partnerId, pilotIds[i], readRevision, now);
                if (view !== undefined) {
                    views[i] = view;
                    inMemory++;
                }
            }
            if (inMemory > 0)
                totals_read_cache_1.answeredFromMemory.inc(inMemory);
            if (inMemory === pilotIds.length)
                return views;
        }
        const missing = pilotIds.filter((_, i) => views[i] === undefined);
        const read = new Map((await this.cache.read(partnerId, missing, readRevision, now)).map(({ view }) => [view.pilot_id, view]));
        for (let i = 0; i < pilotIds.length; i++)
            views[i] ??= read.get(pilotIds[i]);
        return views;
    }
};
exports.PilotTotalsBatchReader = PilotTotalsBatchReader;
exports.PilotTotalsBatchReader = PilotTotalsBatchReader = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [totals_read_cache_1.TotalsReadCache])
], PilotTotalsBatchReader);
//# sourceMappingURL=pilot-totals-batch.reader.js.map