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
exports.PilotTotalsReader = void 0;
const common_1 = require("@nestjs/common");
const totals_read_cache_1 = require("./totals-read-cache");
/** What GET /v1/pilot-totals reads: one pilot's answer, from memory when it counts, else through the cache. */
let PilotTotalsReader = class PilotTotalsReader {
    cache;
    constructor(cache) {
        this.cache = cache;
    }
    /**
     * The answer for `pilotId` (lower-case), or undefined when it does not resolve for `partnerId`.
     * `readRevision`: the partner read revision seen before this read; null reads it afresh.
     */
    async read(partnerId, pilotId, readRevision) {
        const now = Date.now();
        if (readRevision !== null && this.cache.enabled) {
            const view = this.cache.remembered(partnerId, pilotId, readRevision, now);
            if (view !== undefined) {
                totals_read_cache_1.answeredFromMemory.inc(1);
                return view;
            }
        }
        const [answer] = await this.cache.read(partnerId, [pilotId], readRevision, now);
        return answer?.view;
    }
};
exports.PilotTotalsReader = PilotTotalsReader;
exports.PilotTotalsReader = PilotTotalsReader = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [totals_read_cache_1.TotalsReadCache])
], PilotTotalsReader);
//# sourceMappingURL=pilot-totals.reader.js.map