import { DatabaseModule } from './database/database.module';
import { KafkaModule } from './kafka/kafka.module';
import { LoggingModule } from './logging/logging.module';

/**
 * What each app of the event pipeline (ingestion, projector, webhook dispatcher) imports first: its
 * logging, its Postgres and Kafka. The partner API reads Postgres only and imports its own.
 */
export const PIPELINE_APP_MODULES = [LoggingModule, DatabaseModule, KafkaModule];
