import { IsIn } from 'class-validator';
import { KAFKA_CLIENTS, type KafkaClientName } from '@pft/platform/kafka/kafka.port';
import {
  NodeEnvVariables,
  IntVariable,
  type VariablesBase,
  WithDatabase,
  WithKafka,
  WithKafkaTopics,
  WithProcess,
  WithServing,
} from '@pft/platform/config';

/** The outbox relay's variables: read by the ingestion app, which relays on boot, and the relay alone. */
export function WithRelay<B extends VariablesBase>(Base: B) {
  class RelayGroup extends Base {
    /** Events the relay publishes per batch: one Kafka request, or several in order past 768 KiB. */
    @IntVariable(1, 10000)
    RELAY_BATCH_SIZE = 500;

    /** How often the relay looks at the outbox when no notification woke it. */
    @IntVariable(10, 60000)
    RELAY_POLL_INTERVAL_MS = 250;

    /**
     * How long the relay gathers commits after a sleep before it reads the outbox (0: not at all): a few
     * milliseconds of latency for batches of many events instead of one batch per commit.
     */
    @IntVariable(0, 1000)
    RELAY_LINGER_MS = 20;

    /**
     * The Kafka client library the outbox relay publishes with (and reads back in-flight rows with), apart
     * from KAFKA_CLIENT: @platformatic/kafka by default, whose producer spends less CPU per event than
     * kafkajs's (docs/performance.md); the consumers stay on KAFKA_CLIENT.
     */
    @IsIn(KAFKA_CLIENTS)
    RELAY_KAFKA_CLIENT: KafkaClientName = 'platformatic';

    /**
     * How long the active relay's lease lasts unless renewed (it renews every third of it). A relay
     * that died or froze is replaced within this plus a second, the standbys' retry interval.
     */
    @IntVariable(1000, 600000)
    RELAY_LEASE_MS = 5000;
  }
  return RelayGroup;
}

/**
 * The variables the stand-alone relay (relay-main.ts) reads: its process, its metrics, the database it
 * reads the outbox from, Kafka and the topic it makes, and the relay's own.
 */
export class RelayConfig extends WithRelay(
  WithKafkaTopics(WithKafka(WithDatabase(WithServing(WithProcess(NodeEnvVariables))))),
) {}
