"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.KafkaModule = exports.KAFKA = exports.KafkaReadiness = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../config/app-config");
const kafka_factory_1 = require("./kafka-factory");
const kafka_readiness_1 = require("./kafka-readiness");
var kafka_readiness_2 = require("./kafka-readiness");
Object.defineProperty(exports, "KafkaReadiness", { enumerable: true, get: function () { return kafka_readiness_2.KafkaReadiness; } });
/** The app's KafkaClient (kafka.port.ts). */
exports.KAFKA = Symbol('KAFKA');
let KafkaModule = class KafkaModule {
};
exports.KafkaModule = KafkaModule;
exports.KafkaModule = KafkaModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        providers: [
            {
                provide: exports.KAFKA,
                inject: [app_config_1.AppConfig],
                useFactory: (config) => (0, kafka_factory_1.createKafka)(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID, new common_1.Logger('kafka'), undefined, config.KAFKA_CLIENT),
            },
            kafka_readiness_1.KafkaReadiness,
        ],
        exports: [exports.KAFKA, kafka_readiness_1.KafkaReadiness],
    })
], KafkaModule);
//# sourceMappingURL=kafka.module.js.map