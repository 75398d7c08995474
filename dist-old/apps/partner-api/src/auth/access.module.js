"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AccessModule = void 0;
const common_1 = require("@nestjs/common");
const platform_1 = require("../../../../libs/platform/src/index.js");
const idempotency_interceptor_1 = require("../idempotency/idempotency.interceptor");
const idempotency_store_1 = require("../idempotency/idempotency.store");
const partner_rate_limit_guard_1 = require("../rate-limit/partner-rate-limit.guard");
const rate_clock_1 = require("../rate-limit/rate-clock");
const window_counter_1 = require("../rate-limit/window-counter");
const api_key_directory_1 = require("./api-key-directory");
const partner_key_guard_1 = require("./partner-key.guard");
const partner_scope_guard_1 = require("./partner-scope.guard");
const partner_unrouted_requests_1 = require("./partner-unrouted-requests");
/**
 * Who may call the partner API: API keys, their rate limits and scopes; and idempotent POSTs. A feature module whose
 * controllers use PartnerEndpoint imports this one for the guards' dependencies.
 */
let AccessModule = class AccessModule {
};
exports.AccessModule = AccessModule;
exports.AccessModule = AccessModule = __decorate([
    (0, common_1.Module)({
        providers: [
            api_key_directory_1.ApiKeyDirectory,
            rate_clock_1.RateClock,
            window_counter_1.WindowCounter,
            partner_key_guard_1.PartnerKeyGuard,
            partner_rate_limit_guard_1.PartnerRateLimitGuard,
            partner_scope_guard_1.PartnerScopeGuard,
            platform_1.RequestBodyGuard,
            partner_unrouted_requests_1.PartnerUnroutedRequests,
            idempotency_store_1.IdempotencyStore,
            idempotency_interceptor_1.IdempotencyInterceptor,
        ],
        exports: [
            api_key_directory_1.ApiKeyDirectory,
            window_counter_1.WindowCounter,
            partner_key_guard_1.PartnerKeyGuard,
            partner_rate_limit_guard_1.PartnerRateLimitGuard,
            partner_scope_guard_1.PartnerScopeGuard,
            platform_1.RequestBodyGuard,
            partner_unrouted_requests_1.PartnerUnroutedRequests,
            idempotency_store_1.IdempotencyStore,
            idempotency_interceptor_1.IdempotencyInterceptor,
        ],
    })
], AccessModule);
//# sourceMappingURL=access.module.js.map