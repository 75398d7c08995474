"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createPlatformaticClient = void 0;
const kafka_1 = require("@platformatic/kafka");
const platformatic_admin_1 = require("./platformatic-admin");
const platformatic_consumer_1 = require("./platformatic-consumer");
const platformatic_range_reader_1 = require("./platformatic-range-reader");
const platformatic_errors_1 = require("./platformatic-errors");
const platformatic_log_1 = require("./platformatic-log");
const buffer = (v) => v === null ? undefined : typeof v === 'string' ? Buffer.from(v) : v;
/**
 * The port on @platformatic/kafka 2. The client writes no log of its own: its events (connections
 * refused, requests retried or given up) become the logger's lines (platformatic-log.ts).
 */
const createPlatformaticClient = (options) => {
    const { timing, logger } = options;
    const base = {
        clientId: options.clientId,
        bootstrapBrokers: options.brokers,
        connectTimeout: timing?.connectionTimeout ?? 3000,
        requestTimeout: timing?.requestTimeout ?? 30000,
        retries: timing?.retry?.retries ?? 8,
        retryDelay: timing?.retry?.initialRetryTime ?? 200,
    };
    return {
        producer: (producerOptions) => new PlatformaticProducer(base, producerOptions, logger),
        consumer: (consumerOptions) => new platformatic_consumer_1.PlatformaticConsumer(base, consumerOptions, timing?.retry, logger),
        admin: () => new platformatic_admin_1.PlatformaticAdmin(base, logger),
        readPartitions: (topic, ranges, readOptions) => (0, platformatic_range_reader_1.readPartitionsWithPlatformatic)(base, topic, ranges, readOptions?.timeoutMs ?? 30_000),
    };
};
exports.createPlatformaticClient = createPlatformaticClient;
class PlatformaticProducer {
    producer;
    constructor(base, options = {}, logger) {
        this.producer = new kafka_1.Producer({
            ...base,
            idempotent: options.idempotent ?? false,
            ...(options.maxInFlightRequests === undefined ? {} : { maxInflights: options.maxInFlightRequests }),
            autocreateTopics: options.allowAutoTopicCreation ?? true,
            // Not the client's default partitioner: that one reads murmur2 as unsigned (>>> 0), so a key
            // whose hash is negative lands on another partition than the Java client and kafkajs choose.
            // This one masks the sign bit as they do, so a pilot stays on one partition whichever client sent.
            partitioner: kafka_1.compatibilityPartitioner,
        });
        (0, platformatic_log_1.logClientEvents)(this.producer, 'producer', logger);
    }
    /** The client connects on its first request: asking for metadata proves a broker answers. */
    async connect() {
        await (0, platformatic_errors_1.translated)(() => this.producer.metadata({ topics: [] }));
    }
    async send(record) {
        await (0, platformatic_errors_1.translated)(() => this.producer.send({
            acks: record.acks ?? -1,
            messages: record.messages.map((m) => ({
                topic: record.topic,
                key: buffer(m.key),
                value: buffer(m.value),
                headers: new Map(Object.entries(m.headers ?? {}).map(([k, v]) => [Buffer.from(k), Buffer.from(v)])),
            })),
        }));
    }
    disconnect() {
        return (0, platformatic_errors_1.translated)(() => this.producer.close());
    }
}
//# sourceMappingURL=platformatic-client.js.map