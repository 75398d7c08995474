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
exports.PartnerUnroutedRequests = void 0;
const common_1 = require("@nestjs/common");
const partner_rate_limit_guard_1 = require("../rate-limit/partner-rate-limit.guard");
const partner_key_guard_1 = require("./partner-key.guard");
/**
 * An unknown path or a known path with another method (answered 404 or 405 after this), where no
 * guard runs: a valid key's request counts and gets the rate limit headers like any other, or 429
 * past the limit, by the guards' own code. Without a valid key it is answered 404 or 405 as it is,
 * and not counted as a failed authentication: the path, not the key, is what is wrong.
 */
let PartnerUnroutedRequests = class PartnerUnroutedRequests {
    keys;
    rateLimit;
    constructor(keys, rateLimit) {
        this.keys = keys;
        this.rateLimit = rateLimit;
    }
    async checkUnrouted(request, reply) {
        const found = await this.keys.authenticate(request);
        if (found)
            this.rateLimit.apply(found, reply);
    }
};
exports.PartnerUnroutedRequests = PartnerUnroutedRequests;
exports.PartnerUnroutedRequests = PartnerUnroutedRequests = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [partner_key_guard_1.PartnerKeyGuard,
        partner_rate_limit_guard_1.PartnerRateLimitGuard])
], PartnerUnroutedRequests);
//# sourceMappingURL=partner-unrouted-requests.js.map