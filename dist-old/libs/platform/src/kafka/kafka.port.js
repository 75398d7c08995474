"use strict";
/**
 * The Kafka port: what the apps, the CLI, the tests and the benchmarks ask of a Kafka client, in
 * their own words. Two adapters implement it (kafka/kafkajs/, kafka/platformatic/); nothing else speaks
 * to a Kafka client library, and both pass the same contract tests (libs/testing/src/kafka-port-contract.ts).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.KafkaClientError = exports.KAFKA_CLIENTS = void 0;
/** The adapters, as KAFKA_CLIENT names them: kafkajs 2 (the default) or @platformatic/kafka. */
exports.KAFKA_CLIENTS = ['kafkajs', 'platformatic'];
/**
 * A failure of the Kafka client, as the adapter reports it: `connection` when no broker could be
 * reached (refused, unknown host, timed out), so callers can name the brokers without knowing the
 * client library's errors. The client's own error is the cause.
 */
class KafkaClientError extends Error {
    connection;
    name = 'KafkaClientError';
    constructor(message, connection, options) {
        super(message, options);
        this.connection = connection;
    }
}
exports.KafkaClientError = KafkaClientError;
//# sourceMappingURL=kafka.port.js.map