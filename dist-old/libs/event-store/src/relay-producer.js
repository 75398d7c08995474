"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RelayProducer = void 0;
/**
 * The relay's Kafka producer, made on first use: idempotent with one request in flight, so the broker
 * drops a retried duplicate and never reorders. After a failure the relay drops it and the next batch
 * makes a new one.
 */
class RelayProducer {
    kafka;
    producer;
    constructor(kafka) {
        this.kafka = kafka;
    }
    async connected() {
        if (!this.producer) {
            const producer = this.kafka.producer({
                idempotent: true,
                maxInFlightRequests: 1,
                allowAutoTopicCreation: false,
            });
            await producer.connect();
            this.producer = producer;
        }
        return this.producer;
    }
    /** Disconnects the producer, if there is one; a failure to disconnect is no failure here. */
    async reset() {
        const producer = this.producer;
        this.producer = undefined;
        await producer?.disconnect().catch(() => undefined);
    }
}
exports.RelayProducer = RelayProducer;
//# sourceMappingURL=relay-producer.js.map