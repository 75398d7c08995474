import { KAFKA_CLIENTS, type KafkaClientName, NodeEnvVariables, WithKafka } from '@pft/platform';
import { namedSetting } from './bench-run';

/** The client the apps run on when KAFKA_CLIENT is unset: the one the goals judge first. */
export const APP_DEFAULT_KAFKA_CLIENT: KafkaClientName = new (WithKafka(NodeEnvVariables))().KAFKA_CLIENT;

/**
 * The Kafka clients a benchmark measures side by side: BENCH_KAFKA_CLIENTS (default every adapter of
 * the port), the apps' default first when named.
 */
export function benchKafkaClients(): KafkaClientName[] {
  const clients = namedSetting('KAFKA_CLIENTS', KAFKA_CLIENTS);
  return clients.includes(APP_DEFAULT_KAFKA_CLIENT)
    ? [APP_DEFAULT_KAFKA_CLIENT, ...clients.filter((c) => c !== APP_DEFAULT_KAFKA_CLIENT)]
    : clients;
}
