"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ProjectorModule = void 0;
const common_1 = require("@nestjs/common");
const platform_1 = require("../../../libs/platform/src/index.js");
const access_1 = require("../../../libs/access/src/index.js");
const consumer_readiness_1 = require("./pilot-totals/consumer-readiness");
const pilot_totals_module_1 = require("./pilot-totals/pilot-totals.module");
let ProjectorModule = class ProjectorModule {
};
exports.ProjectorModule = ProjectorModule;
exports.ProjectorModule = ProjectorModule = __decorate([
    (0, common_1.Module)({
        imports: [
            platform_1.ConfigModule.forRoot(),
            platform_1.LoggingModule,
            platform_1.DatabaseModule,
            platform_1.KafkaModule,
            // Only to tell partner API replicas of changes they read.
            platform_1.RedisModule,
            access_1.PartnerReadsModule,
            // Projecting is all it does, and it needs both Kafka and Postgres for that, and its consumer in its
            // group; without Redis, partner API replicas notice its changes within their answer cache's
            // lifetime instead of at once.
            platform_1.HealthModule.forChecks({
                required: [platform_1.PostgresReadiness, platform_1.KafkaReadiness, consumer_readiness_1.ConsumerReadiness],
                degradable: [platform_1.RedisReadiness],
            }),
            pilot_totals_module_1.PilotTotalsModule,
        ],
    })
], ProjectorModule);
//# sourceMappingURL=projector.module.js.map