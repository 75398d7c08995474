"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.IngestionModule = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const cqrs_1 = require("@nestjs/cqrs");
const platform_1 = require("../../../libs/platform/src/index.js");
const access_1 = require("../../../libs/access/src/index.js");
const access_history_module_1 = require("./access-history/access-history.module");
const account_erasure_guard_1 = require("./account/account-erasure.guard");
const account_module_1 = require("./account/account.module");
const pilot_auth_guard_1 = require("./auth/pilot-auth.guard");
const pilot_jwt_provider_1 = require("./auth/pilot-jwt.provider");
const consent_module_1 = require("./consent/consent.module");
const export_module_1 = require("./export/export.module");
const flights_module_1 = require("./flights/flights.module");
const relay_module_1 = require("./relay/relay.module");
const starting_totals_module_1 = require("./starting-totals/starting-totals.module");
const totals_module_1 = require("./totals/totals.module");
let IngestionModule = class IngestionModule {
};
exports.IngestionModule = IngestionModule;
exports.IngestionModule = IngestionModule = __decorate([
    (0, common_1.Module)({
        imports: [
            platform_1.ConfigModule.forRoot(),
            platform_1.LoggingModule,
            platform_1.DatabaseModule,
            platform_1.KafkaModule,
            // Only to tell partner API replicas of changes they read.
            platform_1.RedisModule,
            access_1.PartnerReadsModule,
            cqrs_1.CqrsModule.forRoot(),
            // Without Kafka the outbox keeps every write until the relay can publish it; without Redis a
            // disconnect waits out the partner API's answer cache. Both degrade the app, neither stops it.
            platform_1.HealthModule.forChecks({ required: [platform_1.PostgresReadiness], degradable: [platform_1.KafkaReadiness, platform_1.RedisReadiness] }),
            flights_module_1.FlightsModule,
            starting_totals_module_1.StartingTotalsModule,
            totals_module_1.TotalsModule,
            consent_module_1.ConsentModule,
            access_history_module_1.AccessHistoryModule,
            export_module_1.ExportModule,
            account_module_1.AccountModule,
            relay_module_1.RelayModule,
        ],
        providers: [
            pilot_jwt_provider_1.pilotJwtVerifierProvider,
            pilot_auth_guard_1.PilotAuthGuard,
            account_erasure_guard_1.AccountErasureGuard,
            // In this order: the token (401), then an account being erased (410), before the body is parsed (400).
            { provide: core_1.APP_GUARD, useExisting: pilot_auth_guard_1.PilotAuthGuard },
            { provide: core_1.APP_GUARD, useExisting: account_erasure_guard_1.AccountErasureGuard },
            { provide: core_1.APP_GUARD, useClass: platform_1.RequestBodyGuard },
        ],
    })
], IngestionModule);
//# sourceMappingURL=ingestion.module.js.map