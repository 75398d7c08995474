import { type EventProducer, type KafkaClient } from '@pft/platform/kafka/kafka.port';

/**
 * The relay's Kafka producer, made on first use: idempotent with one request in flight, so the broker
 * drops a retried duplicate and never reorders. After a failure the relay drops it and the next batch
 * makes a new one.
 */
export class RelayProducer {
  private producer?: EventProducer;

  constructor(private readonly kafka: KafkaClient) {}

  async connected(): Promise<EventProducer> {
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
  async reset(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.disconnect().catch(() => undefined);
  }
}
