"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PartnerApiModule = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const platform_1 = require("../../../libs/platform/src/index.js");
const access_module_1 = require("./auth/access.module");
const link_module_1 = require("./link/link.module");
const pilot_totals_batch_module_1 = require("./pilot-totals-batch/pilot-totals-batch.module");
const pilot_totals_module_1 = require("./pilot-totals/pilot-totals.module");
const pilots_module_1 = require("./pilots/pilots.module");
const rating_dictionary_module_1 = require("./rating-dictionary/rating-dictionary.module");
const sandbox_module_1 = require("./sandbox/sandbox.module");
const webhook_endpoints_module_1 = require("./webhook-endpoints/webhook-endpoints.module");
let PartnerApiModule = class PartnerApiModule {
};
exports.PartnerApiModule = PartnerApiModule;
exports.PartnerApiModule = PartnerApiModule = __decorate([
    (0, common_1.Module)({
        imports: [
            platform_1.ConfigModule.forRoot(),
            platform_1.LoggingModule,
            platform_1.DatabaseModule,
            platform_1.RedisModule,
            cqrs_1.CqrsModule.forRoot(),
            // Without Redis it counts rate limits per process and keeps serving: ready, and degraded.
            platform_1.HealthModule.forChecks({ required: [platform_1.PostgresReadiness], degradable: [platform_1.RedisReadiness] }),
            access_module_1.AccessModule,
            link_module_1.LinkModule,
            rating_dictionary_module_1.RatingDictionaryModule,
            pilot_totals_module_1.PilotTotalsModule,
            pilot_totals_batch_module_1.PilotTotalsBatchModule,
            pilots_module_1.PilotsModule,
            sandbox_module_1.SandboxModule,
            webhook_endpoints_module_1.WebhookEndpointsModule,
        ],
    })
], PartnerApiModule);
//# sourceMappingURL=partner-api.module.js.map