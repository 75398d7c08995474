"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.relayKafkaProvider = exports.RELAY_KAFKA = void 0;
exports.relayKafka = relayKafka;
const common_1 = require("@nestjs/common");
const platform_1 = require("../../../../libs/platform/src/index.js");
/** The Kafka client the outbox relay publishes with: RELAY_KAFKA_CLIENT's. */
exports.RELAY_KAFKA = Symbol('RELAY_KAFKA');
/** The app's own client (KafkaModule) when RELAY_KAFKA_CLIENT names the same library, else one of its own. */
exports.relayKafkaProvider = {
    provide: exports.RELAY_KAFKA,
    inject: [platform_1.AppConfig, platform_1.KAFKA],
    useFactory: (config, kafka) => relayKafka(config, kafka),
};
function relayKafka(config, appKafka) {
    if (appKafka && config.RELAY_KAFKA_CLIENT === config.KAFKA_CLIENT)
        return appKafka;
    // The client's own lines under the context the apps give them (KafkaModule).
    return (0, platform_1.createKafka)(config.KAFKA_BROKERS, config.KAFKA_CLIENT_ID, new common_1.Logger('kafka'), undefined, config.RELAY_KAFKA_CLIENT);
}
//# sourceMappingURL=relay-kafka.provider.js.map