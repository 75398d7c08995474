import { type KafkaClient, type KafkaLogger, type KafkaTiming } from './kafka.port';
import { createKafkajsClient } from './kafkajs';

/**
 * The Kafka client of the apps, the CLI and the tests: a list of brokers as KAFKA_BROKERS writes it,
 * the client's log lines through `logger` (the app's pino logger, as JSON lines with their level).
 */
export function createKafka(
  brokers: string,
  clientId: string,
  logger?: KafkaLogger,
  timing?: KafkaTiming,
): KafkaClient {
  return createKafkajsClient({ clientId, brokers: brokers.split(','), logger, timing });
}
