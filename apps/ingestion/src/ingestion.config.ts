import { Transform } from 'class-transformer';
import { IsBoolean, IsIn } from 'class-validator';
import {
  DATABASE_CONFIG,
  HttpAppVariables,
  KAFKA_CONFIG,
  LOGGING_CONFIG,
  REDIS_CONFIG,
  toBoolean,
  IntVariable,
  WithDatabase,
  WithKafka,
  WithKafkaTopics,
  WithRedis,
  WithWriteOutcome,
} from '@pft/platform/config';
import { WithPilotTokenCheck } from '@pft/logbook/pilot-auth/pilot-token-variables';
import { PARTNER_REDIS_CONFIG, WithPartnerRedisPrefix } from '@pft/partners/partner-redis-variables';
import { WithMasterKey } from '@pft/privacy/crypto/master-key-variables';
import { PARTNER_READS_CONFIG, WithPartnerReads } from '@pft/totals/read/partner-reads-variables';
import { WithRelay } from './relay/relay.config';

const SharedVariables = WithRelay(
  WithPilotTokenCheck(
    WithPartnerReads(
      WithPartnerRedisPrefix(
        WithMasterKey(
          WithKafkaTopics(WithKafka(WithRedis(WithWriteOutcome(WithDatabase(HttpAppVariables))))),
        ),
      ),
    ),
  ),
);

/**
 * The variables the pilot app API reads: the shared groups (database, Redis and the partner read
 * revision, Kafka and the relay it runs, the master key it seals with, pilot tokens) and its own.
 * Read once at start (main.ts); property names are the variables.
 */
export class IngestionConfig extends SharedVariables {
  @IntVariable(1, 65535)
  INGESTION_PORT = 3001;

  /** Failed pilot authentications (a missing or refused token) allowed per client IP and minute before 429. */
  @IntVariable(1, 100000)
  PILOT_AUTH_FAILURES_PER_MINUTE = 30;

  @IntVariable(1, 86400)
  LINKING_CODE_TTL_SECONDS = 600;

  /**
   * Whether the pilot app API sends the new flights of concurrent requests (those arriving in one
   * event-loop turn, 64 at most) to Postgres as one statement and one commit, each request answered
   * with its own outcome; `off`: one statement and commit per request.
   */
  @IsIn(['on', 'off'])
  WRITE_GROUPING: 'on' | 'off' = 'on';

  /** Whether this ingestion process runs the outbox relay (only one replica relays at a time anyway). */
  @Transform(toBoolean)
  @IsBoolean()
  RELAY_ENABLED = true;
}

/** The parts of it the platform's and the libraries' modules read. */
export const INGESTION_CONFIG_PARTS = [
  LOGGING_CONFIG,
  DATABASE_CONFIG,
  REDIS_CONFIG,
  KAFKA_CONFIG,
  PARTNER_READS_CONFIG,
  PARTNER_REDIS_CONFIG,
];
