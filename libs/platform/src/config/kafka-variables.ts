import { Transform } from 'class-transformer';
import { IsIn, IsString, Matches, MinLength } from 'class-validator';
import { KAFKA_CLIENTS, type KafkaClientName } from '../kafka/kafka.port';
import { configPart, type VariablesBase } from './config-part';
import { IsMinInsyncReplicas } from './kafka-replication';
import { IntVariable, toInt } from './variable-transforms';

/** The Kafka brokers, the client, and the topics events travel on. */
export interface KafkaVariables {
  KAFKA_BROKERS: string;
  KAFKA_CLIENT_ID: string;
  KAFKA_CLIENT: KafkaClientName;
  PILOT_EVENTS_TOPIC: string;
  DEAD_LETTER_TOPIC: string;
}

/** What KafkaModule (the app's client and its readiness check) reads. */
export type KafkaClientVariables = Pick<KafkaVariables, 'KAFKA_BROKERS' | 'KAFKA_CLIENT_ID' | 'KAFKA_CLIENT'>;

export const KAFKA_CONFIG = configPart<KafkaClientVariables>('KAFKA_CONFIG');

export function WithKafka<B extends VariablesBase>(Base: B) {
  class KafkaGroup extends Base implements KafkaVariables {
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
  }
  return KafkaGroup;
}

/** How the topics are made, by the processes that create them (the relay, `pft kafka topics`). */
export function WithKafkaTopics<B extends VariablesBase>(Base: B) {
  class KafkaTopicsGroup extends Base {
    @IntVariable(1, 1000)
    PILOT_EVENTS_PARTITIONS = 12;

    /**
     * Replicas of each topic the project creates (`pft kafka topics`, the relay at start). The brokers
     * must be at least this many; existing topics with another factor are reported with their fix.
     */
    @IntVariable(1, 32)
    KAFKA_REPLICATION_FACTOR = 1;

    /**
     * The topics' `min.insync.replicas`: with acks=all a send succeeds only once this many replicas
     * have it (at least 1, at most KAFKA_REPLICATION_FACTOR).
     */
    @Transform(toInt)
    @IsMinInsyncReplicas()
    KAFKA_MIN_INSYNC_REPLICAS = 1;
  }
  return KafkaTopicsGroup;
}
