import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { KAFKA_CLIENTS, type KafkaClientName } from '../kafka/kafka.port';
import { IsMinInsyncReplicas } from './kafka-replication';
import { PartnerApiVariables } from './partner-api-variables';
import { toBoolean, toInt } from './variable-transforms';

/**
 * The variables of the way events travel: the Kafka brokers, client and topics, the outbox relay that
 * publishes to them and the projectors' consumer group. AppConfig extends it; property names are the
 * variables.
 */
export class EventPipelineVariables extends PartnerApiVariables {
  @Matches(/^[^\s,]+:\d+(,[^\s,]+:\d+)*$/, {
    message: 'KAFKA_BROKERS must be a comma-separated list of host:port',
  })
  KAFKA_BROKERS = '127.0.0.1:9092';

  @IsString()
  @MinLength(1)
  KAFKA_CLIENT_ID = 'pilot-flight-totals';

  /** The Kafka client library behind the Kafka port: kafkajs, or @platformatic/kafka. */
  @IsIn(KAFKA_CLIENTS)
  KAFKA_CLIENT: KafkaClientName = 'kafkajs';

  @Matches(/^[A-Za-z0-9._-]{1,249}$/, { message: 'PILOT_EVENTS_TOPIC must be a valid Kafka topic name' })
  PILOT_EVENTS_TOPIC = 'pilot-events';

  @Matches(/^[A-Za-z0-9._-]{1,249}$/, { message: 'DEAD_LETTER_TOPIC must be a valid Kafka topic name' })
  DEAD_LETTER_TOPIC = 'pilot-events-dead-letter';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  PILOT_EVENTS_PARTITIONS = 12;

  /**
   * Replicas of each topic the project creates (`pft kafka topics`, the relay at start). The brokers
   * must be at least this many; existing topics with another factor are reported with their fix.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(32)
  KAFKA_REPLICATION_FACTOR = 1;

  /**
   * The topics' `min.insync.replicas`: with acks=all a send succeeds only once this many replicas
   * have it (at least 1, at most KAFKA_REPLICATION_FACTOR).
   */
  @Transform(toInt)
  @IsMinInsyncReplicas()
  KAFKA_MIN_INSYNC_REPLICAS = 1;

  /** Whether this ingestion process runs the outbox relay (only one replica relays at a time anyway). */
  @Transform(toBoolean)
  @IsBoolean()
  RELAY_ENABLED = true;

  /** Events the relay publishes per Kafka request. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  RELAY_BATCH_SIZE = 500;

  /** How often the relay looks at the outbox when no notification woke it. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60000)
  RELAY_POLL_INTERVAL_MS = 250;

  /**
   * How long the relay gathers commits after a sleep before it reads the outbox (0: not at all): a few
   * milliseconds of latency for batches of many events instead of one batch per commit.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
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
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600000)
  RELAY_LEASE_MS = 5000;

  /**
   * How long the Kafka group waits for a silent projector before handing its partitions to another
   * one: a projector that died (SIGKILL, lost host) holds its partitions this long. 6000 is the least
   * the broker allows by default (group.min.session.timeout.ms); heartbeats go every tenth of it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(6000)
  @Max(300000)
  PROJECTOR_SESSION_TIMEOUT_MS = 6000;
}
