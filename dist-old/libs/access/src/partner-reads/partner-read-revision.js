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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PartnerReadsModule = exports.PartnerReadRevision = void 0;
exports.partnerReadRevisionKey = partnerReadRevisionKey;
exports.announcePartnerReadChange = announcePartnerReadChange;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../../platform/src/config/app-config.js");
const redis_token_1 = require("../../../platform/src/redis/redis.token.js");
const retry_gate_1 = require("../../../platform/src/redis/retry-gate.js");
/**
 * A counter in Redis that moves on whenever what a partner reads may have changed: a projector batch
 * committed, a connection ended, a rebuilt version switched in. Partner API replicas read it in the
 * same round trip as the rate count and reuse a totals answer only while it stands still (see the
 * partner API's TotalsReadCache), so a disconnect is effective at the next request on every replica.
 * `prefix` is PARTNER_REDIS_PREFIX.
 */
function partnerReadRevisionKey(prefix) {
    return `${prefix}reads:revision`;
}
/** Moves the counter on; called after the change has committed, never before. */
async function announcePartnerReadChange(redis, prefix) {
    await redis.incr(partnerReadRevisionKey(prefix));
}
/**
 * The announcement as a service of the apps that change what partners read. It never throws: the
 * change has committed already. If Redis cannot be told, replicas may answer from memory for at most
 * PARTNER_TOTALS_CACHE_MS, the bound every cached answer has anyway; a caller that must be sure no
 * replica still answers from before its change waits that long (`untoldWaitMs`) when not told.
 * After a failure, announcements within the next second report not told without asking Redis, so a
 * Redis that does not answer holds up one change a second, not every projector batch.
 */
let PartnerReadRevision = class PartnerReadRevision {
    redis;
    config;
    logger = new common_1.Logger('partner-reads');
    /** After a failed announcement, later ones within a second report not told without asking Redis. */
    gate = new retry_gate_1.RetryGate(1000);
    constructor(redis, config) {
        this.redis = redis;
        this.config = config;
    }
    /** How long after an untold change every answer a replica may keep in memory has expired. */
    get untoldWaitMs() {
        return this.config.PARTNER_TOTALS_CACHE_MS;
    }
    /** True when Redis was told; `reqId`, the request that made the change, names it in a failure's line. */
    async announceChange(reqId) {
        if (!this.gate.tryNow())
            return false;
        try {
            await announcePartnerReadChange(this.redis, this.config.PARTNER_REDIS_PREFIX);
            this.gate.succeeded();
            return true;
        }
        catch (err) {
            if (this.gate.failed()) {
                this.logger.warn({
                    err: err instanceof Error ? err.message : String(err),
                    ...(reqId === undefined ? {} : { reqId }),
                }, `Redis not told of a change partners read; cached answers end within ${this.config.PARTNER_TOTALS_CACHE_MS} ms`);
            }
            return false;
        }
    }
};
exports.PartnerReadRevision = PartnerReadRevision;
exports.PartnerReadRevision = PartnerReadRevision = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(redis_token_1.REDIS)),
    __metadata("design:paramtypes", [Function, app_config_1.AppConfig])
], PartnerReadRevision);
/** PartnerReadRevision for the apps that change what partners read (the projector, the pilot app API). */
let PartnerReadsModule = class PartnerReadsModule {
};
exports.PartnerReadsModule = PartnerReadsModule;
exports.PartnerReadsModule = PartnerReadsModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({ providers: [PartnerReadRevision], exports: [PartnerReadRevision] })
], PartnerReadsModule);
//# sourceMappingURL=partner-read-revision.js.map