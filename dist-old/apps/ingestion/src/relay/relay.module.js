"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RelayModule = void 0;
const common_1 = require("@nestjs/common");
const outbox_metrics_provider_1 = require("./outbox-metrics.provider");
const outbox_relay_service_1 = require("./outbox-relay.service");
const relay_kafka_provider_1 = require("./relay-kafka.provider");
const relay_wake_1 = require("./relay-wake");
/** The outbox relay of this process, its Kafka client, how writers wake it, and the outbox's metrics. */
let RelayModule = class RelayModule {
};
exports.RelayModule = RelayModule;
exports.RelayModule = RelayModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        providers: [outbox_relay_service_1.OutboxRelayService, relay_wake_1.RelayWake, outbox_metrics_provider_1.OutboxMetrics, relay_kafka_provider_1.relayKafkaProvider],
        exports: [outbox_relay_service_1.OutboxRelayService, relay_wake_1.RelayWake],
    })
], RelayModule);
//# sourceMappingURL=relay.module.js.map