"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createKafkajsClient = void 0;
const kafkajs_1 = require("kafkajs");
const kafkajs_admin_1 = require("./kafkajs-admin");
const kafkajs_consumer_1 = require("./kafkajs-consumer");
const kafkajs_range_reader_1 = require("./kafkajs-range-reader");
const kafkajs_errors_1 = require("./kafkajs-errors");
const kafkajs_send_guard_1 = require("./kafkajs-send-guard");
const kafkajs_pending_check_1 = require("./kafkajs-pending-check");
(0, kafkajs_pending_check_1.scheduleCheckOnlyWhenPending)();
const LEVELS = {
    [kafkajs_1.logLevel.ERROR]: 'error',
    [kafkajs_1.logLevel.WARN]: 'warn',
    [kafkajs_1.logLevel.INFO]: 'log',
    [kafkajs_1.logLevel.DEBUG]: 'debug',
};
/** kafkajs's log entries as the logger's lines: the message, and namespace and the rest as fields. */
function logCreator(logger) {
    return () => ({ namespace, level, log }) => {
        // The line's own time is the logger's; kafkajs's timestamp would only repeat it.
        const { message, timestamp: _timestamp, ...extra } = log;
        logger[LEVELS[level] ?? 'log']({ namespace, ...extra }, message);
    };
}
/** The port on kafkajs 2. */
const createKafkajsClient = (options) => {
    const { logger, timing } = options;
    const kafka = new kafkajs_1.Kafka({
        clientId: options.clientId,
        brokers: options.brokers,
        connectionTimeout: 3000,
        requestTimeout: 30000,
        // Retries at most a second apart: once a partition's new leader is elected (seconds after a
        // broker died), a send or fetch waiting on it goes on within a second, not after a doubled wait
        // of up to 30 s (kafkajs's default). Fifty of them span about as long as eight doubling ones did
        // (48 s against 51 s) before a send fails or a consumer stops and starts again.
        retry: { initialRetryTime: 200, maxRetryTime: 1000, retries: 50 },
        ...timing,
        logLevel: logger ? kafkajs_1.logLevel.WARN : kafkajs_1.logLevel.NOTHING,
        ...(logger ? { logCreator: logCreator(logger) } : {}),
    });
    return {
        producer: (producerOptions) => new KafkajsProducer(kafka, producerOptions),
        consumer: (consumerOptions) => new kafkajs_consumer_1.KafkajsConsumer(kafka, consumerOptions),
        admin: () => new kafkajs_admin_1.KafkajsAdmin(kafka.admin()),
        readPartitions: (topic, ranges, readOptions) => (0, kafkajs_range_reader_1.readPartitionsWithKafkajs)(kafka, topic, ranges, readOptions?.timeoutMs ?? 30_000),
    };
};
exports.createKafkajsClient = createKafkajsClient;
class KafkajsProducer {
    producer;
    guard = new kafkajs_send_guard_1.SendGuard();
    constructor(kafka, options = {}) {
        this.producer = kafka.producer({
            ...options,
            // Named, not left to the default: the Java-compatible murmur2 partitioner, which keeps a pilot
            // on the partition any Kafka client would choose (and silences kafkajs's v2 notice); recorded,
            // so that a send resolved without sending part of it fails (kafkajs-send-guard.ts).
            createPartitioner: this.guard.createPartitioner,
        });
    }
    connect() {
        return (0, kafkajs_errors_1.translated)(() => this.producer.connect());
    }
    async send(record) {
        const answers = await (0, kafkajs_errors_1.translated)(() => this.producer.send(record));
        if (record.acks !== 0)
            this.guard.check(record.topic, record.messages, answers);
    }
    disconnect() {
        return (0, kafkajs_errors_1.translated)(() => this.producer.disconnect());
    }
}
//# sourceMappingURL=kafkajs-client.js.map