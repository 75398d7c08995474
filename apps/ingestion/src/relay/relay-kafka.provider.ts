import { Logger, type Provider } from '@nestjs/common';
import { createKafka, KAFKA, type KafkaClient } from '@pft/platform';
import { IngestionConfig } from '../ingestion.config';

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

export function relayKafka(
  config: Pick<IngestionConfig, 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID' | 'KAFKA_CLIENT' | 'RELAY_KAFKA_CLIENT'>,
  appKafka?: KafkaClient,
): KafkaClient {
  if (appKafka && config.RELAY_KAFKA_CLIENT === config.KAFKA_CLIENT) return appKafka;
  // The client's own lines under the context the apps give them (KafkaModule).
  return createKafka(
    config.KAFKA_BROKERS,
    config.KAFKA_CLIENT_ID,
    new Logger('kafka'),
    undefined,
    config.RELAY_KAFKA_CLIENT,
  );
}
