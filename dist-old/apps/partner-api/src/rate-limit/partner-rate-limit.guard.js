"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PartnerRateLimitGuard = void 0;
const common_1 = require("@nestjs/common");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
/**
 * The second check (429): the key's count, made by PartnerKeyGuard, against its per-minute limit.
 * Every request with a valid key carries the rate limit headers, the 429 and later errors included.
 */
let PartnerRateLimitGuard = class PartnerRateLimitGuard {
    canActivate(context) {
        const found = (0, platform_1.httpRequestOf)(context).partnerKey;
        // PartnerKeyGuard runs first on every route that has this one (PartnerEndpoint).
        if (!found)
            throw new Error('PartnerRateLimitGuard used without PartnerKeyGuard before it');
        this.apply(found, (0, platform_1.httpReplyOf)(context));
        return true;
    }
    /** The rate limit headers of this request's count, or 429 past the key's limit. */
    apply(found, reply) {
        const decision = (0, domain_1.decideRate)(found.record.rateLimit, found.hit.count, found.hit.window);
        void reply.headers((0, domain_1.rateLimitHeaders)(decision));
        if (!decision.allowed) {
            (0, platform_1.countRateLimited)('api_key');
            throw new platform_1.ApiError('RATE_LIMITED', `This key may make ${decision.limit} requests per minute; retry after the window resets`, undefined, { 'Retry-After': String(domain_1.RETRY_AFTER_SECONDS) });
        }
    }
};
exports.PartnerRateLimitGuard = PartnerRateLimitGuard;
exports.PartnerRateLimitGuard = PartnerRateLimitGuard = __decorate([
    (0, common_1.Injectable)()
], PartnerRateLimitGuard);
//# sourceMappingURL=partner-rate-limit.guard.js.map