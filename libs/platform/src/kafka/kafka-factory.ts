import { type KafkaClient, type KafkaClientName, type KafkaLogger, type KafkaTiming } from './kafka.port';

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The @platformatic/kafka adapter, loaded on first use only: the package ships ES modules alone, and
 * loading it took about 0.3 s of every process's start (every app, every `pft` command), most of which
 * run on kafkajs.
 */
function platformatic(): typeof import('./platformatic') {
  return require('./platformatic') as typeof import('./platformatic');
}

/**
 * The kafkajs adapter, loaded on first use as well: a process that makes no Kafka client (the partner
 * API) or only a @platformatic/kafka one (the standalone relay, by default) does not load kafkajs
 * (about 140 modules).
 */
function kafkajs(): typeof import('./kafkajs') {
  return require('./kafkajs') as typeof import('./kafkajs');
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
  const create =
    client === 'platformatic' ? platformatic().createPlatformaticClient : kafkajs().createKafkajsClient;
  return create({ clientId, brokers: brokers.split(','), logger, timing });
}
