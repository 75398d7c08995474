import { KAFKA_CLIENTS, type KafkaClientName, NodeEnvVariables, WithKafka } from '@pft/platform';

/** The client the apps run on when KAFKA_CLIENT is unset: the one the goals judge first. */
export const APP_DEFAULT_KAFKA_CLIENT: KafkaClientName = new (WithKafka(NodeEnvVariables))().KAFKA_CLIENT;

/**
 * The Kafka clients a benchmark measures side by side: BENCH_KAFKA_CLIENTS, comma-separated
 * (default every adapter of the port), the apps' default first when named. Fails on a name the port
 * does not know, so a typo never silently measures the default client twice.
 */
export function benchKafkaClients(value = process.env.BENCH_KAFKA_CLIENTS): KafkaClientName[] {
  const names = (value ?? KAFKA_CLIENTS.join(','))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(KAFKA_CLIENTS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`BENCH_KAFKA_CLIENTS must name some of ${KAFKA_CLIENTS.join(', ')}; got "${value}"`);
  const clients = [...new Set(names)] as KafkaClientName[];
  return clients.includes(APP_DEFAULT_KAFKA_CLIENT)
    ? [APP_DEFAULT_KAFKA_CLIENT, ...clients.filter((c) => c !== APP_DEFAULT_KAFKA_CLIENT)]
    : clients;
}
