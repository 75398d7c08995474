import { Logger } from '@nestjs/common';
import { createKafka } from '@pft/platform/kafka/kafka-factory';
import { type KafkaClient } from '@pft/platform/kafka/kafka.port';
import { type IngestionConfig } from '../ingestion.config';

/**
 * The Kafka client the outbox relay publishes with: the app's own (`appKafka`) when RELAY_KAFKA_CLIENT
 * names the library KAFKA_CLIENT does, else one of its own on RELAY_KAFKA_CLIENT. Apart from the
 * ingestion app's Nest provider (relay-kafka.provider.ts), so that the standalone relay loads neither
 * Nest's modules nor the platform's entry point to make it.
 */
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
