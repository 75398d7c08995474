import { type Provider } from '@nestjs/common';
import { KAFKA, type KafkaClient } from '@pft/platform';
import { IngestionConfig } from '../ingestion.config';
import { relayKafka } from './relay-kafka';

/** The Kafka client the outbox relay publishes with: RELAY_KAFKA_CLIENT's. */
export const RELAY_KAFKA = Symbol('RELAY_KAFKA');

/**
 * The app's own client (KafkaModule) when RELAY_KAFKA_CLIENT names the same library, else one of its own;
 * none (null) when this process runs no relay (RELAY_ENABLED=false): a client of another library would
 * load it for nothing (@platformatic/kafka, the default, took about 0.5 s of CPU to load).
 */
export const relayKafkaProvider: Provider = {
  provide: RELAY_KAFKA,
  inject: [IngestionConfig, KAFKA],
  useFactory: (config: IngestionConfig, kafka: KafkaClient): KafkaClient | null =>
    config.RELAY_ENABLED ? relayKafka(config, kafka) : null,
};
