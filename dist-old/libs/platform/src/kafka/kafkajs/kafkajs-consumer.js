"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.KafkajsConsumer = void 0;
const kafkajs_errors_1 = require("./kafkajs-errors");
class KafkajsConsumer {
    consumer;
    constructor(kafka, options) {
        this.consumer = kafka.consumer({
            groupId: options.groupId,
            sessionTimeout: options.sessionTimeoutMs,
            rebalanceTimeout: options.rebalanceTimeoutMs,
            heartbeatInterval: options.heartbeatIntervalMs,
            maxBytesPerPartition: options.maxBytesPerPartition,
            maxBytes: options.maxBytes,
            maxWaitTimeInMs: options.maxWaitTimeMs,
        });
    }
    connect() {
        return (0, kafkajs_errors_1.translated)(() => this.consumer.connect());
    }
    subscribe(topics, options = {}) {
        return (0, kafkajs_errors_1.translated)(() => this.consumer.subscribe({ topics, fromBeginning: options.fromBeginning }));
    }
    run(run) {
        const { eachBatch, eachMessage } = run;
        return (0, kafkajs_errors_1.translated)(() => this.consumer.run({
            autoCommit: run.autoCommit,
            // Every message of a batch that completes counts as consumed: the handler takes the batch whole.
            eachBatchAutoResolve: true,
            partitionsConsumedConcurrently: run.partitionsConsumedConcurrently,
            eachBatch: eachBatch
                ? (payload) => eachBatch({
                    batch: {
                        topic: payload.batch.topic,
                        partition: payload.batch.partition,
                        highWatermark: payload.batch.highWatermark,
                        messages: payload.batch.messages,
                        lastOffset: () => payload.batch.lastOffset(),
                    },
                    isRunning: () => payload.isRunning(),
                    isStale: () => payload.isStale(),
                    // Untranslated: a rebalance error that the handler lets through makes kafkajs rejoin.
                    heartbeat: () => payload.heartbeat(),
                })
                : undefined,
            eachMessage: eachMessage
                ? ({ topic, partition, message }) => eachMessage({ topic, partition, message })
                : undefined,
        }));
    }
    seek(topic, partition, offset) {
        this.consumer.seek({ topic, partition, offset });
    }
    onCrash(listener) {
        this.consumer.on(this.consumer.events.CRASH, ({ payload }) => {
            const error = (0, kafkajs_errors_1.toPortError)(payload.error);
            listener({ error: error instanceof Error ? error : payload.error, restart: payload.restart });
        });
    }
    onGroupJoin(listener) {
        this.consumer.on(this.consumer.events.GROUP_JOIN, () => listener());
    }
    disconnect() {
        return (0, kafkajs_errors_1.translated)(() => this.consumer.disconnect());
    }
}
exports.KafkajsConsumer = KafkajsConsumer;
//# sourceMappingURL=kafkajs-consumer.js.map