"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.WebhooksModule = void 0;
const common_1 = require("@nestjs/common");
const platform_1 = require("../../../libs/platform/src/index.js");
const delivery_module_1 = require("./delivery/delivery.module");
const intake_module_1 = require("./intake/intake.module");
const intake_readiness_1 = require("./intake/intake-readiness");
const totals_module_1 = require("./totals/totals.module");
/**
 * The webhook dispatcher: turns pilot events into deliveries stored in Postgres (its own consumer
 * group), tells partners of totals changes once their reads show them, and delivers. A process apart
 * from the partner API, so that slow receivers never touch the API's latency.
 */
let WebhooksModule = class WebhooksModule {
};
exports.WebhooksModule = WebhooksModule;
exports.WebhooksModule = WebhooksModule = __decorate([
    (0, common_1.Module)({
        imports: [
            platform_1.ConfigModule.forRoot(),
            platform_1.LoggingModule,
            platform_1.DatabaseModule,
            platform_1.KafkaModule,
            // Delivering needs only Postgres; taking new events in needs Kafka and the consumer in its group.
            platform_1.HealthModule.forChecks({ required: [platform_1.PostgresReadiness, platform_1.KafkaReadiness, intake_readiness_1.IntakeReadiness] }),
            intake_module_1.IntakeModule,
            totals_module_1.TotalsModule,
            delivery_module_1.DeliveryModule,
        ],
    })
], WebhooksModule);
//# sourceMappingURL=webhooks.module.js.map