"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const common_1 = require("@nestjs/common");
const platform_1 = require("../../../../libs/platform/src/index.js");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const relay_kafka_provider_1 = require("./relay-kafka.provider");
/**
 * The outbox relay on its own, without the HTTP API: `node dist/apps/ingestion/src/relay/relay-main.js`.
 * The ingestion app runs the same relay on boot; the lease (RELAY_LEASE_MS) lets only one of them publish.
 */
(0, platform_1.runMain)('relay', async (config) => {
    const logger = new common_1.Logger('relay');
    const kafka = (0, relay_kafka_provider_1.relayKafka)(config);
    // Refuses to start (KafkaTopicsError) on a cluster with fewer brokers than KAFKA_REPLICATION_FACTOR.
    const topics = await (0, platform_1.ensureTopics)(kafka, (0, platform_1.pilotTopics)(config).filter((t) => t.topic === config.PILOT_EVENTS_TOPIC));
    for (const m of topics.mismatches)
        logger.warn((0, platform_1.describeMismatch)(m, config.KAFKA_BROKERS).join('\n'));
    const relay = new event_store_1.OutboxRelay({
        databaseUrl: config.DATABASE_URL,
        kafka,
        topic: config.PILOT_EVENTS_TOPIC,
        batchSize: config.RELAY_BATCH_SIZE,
        pollIntervalMs: config.RELAY_POLL_INTERVAL_MS,
        lingerMs: config.RELAY_LINGER_MS,
        leaseMs: config.RELAY_LEASE_MS,
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
        logger,
    });
    relay.start();
    logger.log(`relaying the outbox to ${config.PILOT_EVENTS_TOPIC}`);
    return { close: () => relay.stop() };
});
//# sourceMappingURL=relay-main.js.map