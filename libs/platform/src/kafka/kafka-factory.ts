import { type KafkaClient, type KafkaClientName, type KafkaLogger, type KafkaTiming } from './kafka.port';
import { createKafkajsClient } from './kafkajs';

/**
 * The @platformatic/kafka adapter, loaded on first use only: the package ships ES modules alone, and
 * loading it took about 0.3 s of every process's start (every app, every `pft` command), most of which
 * run on kafkajs.
 */
function platformatic(): typeof import('./platformatic') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./platformatic') as typeof import('./platformatic');
}

/**
 * The Kafka client of the apps, the CLI and the tests: a list of brokers as KAFKA_BROKERS writes it,
 * the client's log lines through `logger` (the app's pino logger, as JSON lines with their level), on
 * the adapter KAFKA_CLIENT names (kafkajs unless told otherwise).
 */
export function createKafka(
  brokers: string,
  clientId: string,
  logger?: KafkaLogger,
  timing?: KafkaTiming,
  client: KafkaClientName = 'kafkajs',
): KafkaClient {
  const create = client === 'platformatic' ? platformatic().createPlatformaticClient : createKafkajsClient;
  return create({ clientId, brokers: brokers.split(','), logger, timing });
}
