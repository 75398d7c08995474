import { AppConfig, KAFKA_CLIENTS, type KafkaClientName } from '@pft/platform';

/** The client the apps run on when KAFKA_CLIENT is unset. */
export const APP_DEFAULT_KAFKA_CLIENT: KafkaClientName = new AppConfig().KAFKA_CLIENT;

/** The client the outbox relay publishes with when RELAY_KAFKA_CLIENT is unset. */
export const RELAY_DEFAULT_KAFKA_CLIENT: KafkaClientName = new AppConfig().RELAY_KAFKA_CLIENT;

/**
 * The Kafka clients a benchmark measures side by side: BENCH_KAFKA_CLIENTS, comma-separated
 * (default every adapter of the port). Fails on a name the port does not know, so a typo never
 * silently measures the default client twice.
 */
export function benchKafkaClients(value = process.env.BENCH_KAFKA_CLIENTS): KafkaClientName[] {
  const names = (value ?? KAFKA_CLIENTS.join(','))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(KAFKA_CLIENTS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`BENCH_KAFKA_CLIENTS must name some of ${KAFKA_CLIENTS.join(', ')}; got "${value}"`);
  return [...new Set(names)] as KafkaClientName[];
}

/**
 * The clients in the order of each round: as given in even rounds, reversed in odd ones (A B, B A,
 * A B, ...), so no client always runs first or last, and noise that drifts over the run (a warming
 * page cache, a neighbour's job starting) falls on every client alike.
 */
export function roundOrder<T>(clients: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...clients] : [...clients].reverse();
}

/** The median of `values` (the mean of the middle two when their count is even). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The client whose figures are judged against the goals: the default (the apps', or with `relay` the
 * relay's) when it is measured.
 */
export function goalKafkaClient(clients: readonly KafkaClientName[], relay = false): KafkaClientName {
  const byDefault = relay ? RELAY_DEFAULT_KAFKA_CLIENT : APP_DEFAULT_KAFKA_CLIENT;
  return clients.includes(byDefault) ? byDefault : clients[0]!;
}
