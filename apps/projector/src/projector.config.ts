import {
  DATABASE_CONFIG,
  HttpAppVariables,
  KAFKA_CONFIG,
  LOGGING_CONFIG,
  REDIS_CONFIG,
  WithDatabase,
  WithKafka,
  WithKafkaTopics,
  WithRedis,
  IntVariable,
} from '@pft/platform/config';
import { WithPartnerRedisPrefix } from '@pft/partners/partner-redis-variables';
import { WithMasterKey } from '@pft/privacy/crypto/master-key-variables';
import { PARTNER_READS_CONFIG, WithPartnerReads } from '@pft/totals/read/partner-reads-variables';

const SharedVariables = WithPartnerReads(
  WithPartnerRedisPrefix(
    WithMasterKey(WithKafkaTopics(WithKafka(WithRedis(WithDatabase(HttpAppVariables))))),
  ),
);

/**
 * The variables the projector reads: the shared groups (database, Redis and the partner read revision,
 * Kafka, the master key it opens events with) and its own. Read once at start (main.ts); property
 * names are the variables.
 */
export class ProjectorConfig extends SharedVariables {
  @IntVariable(1, 65535)
  PROJECTOR_PORT = 3002;

  /**
   * How long the Kafka group waits for a silent projector before handing its partitions to another
   * one: a projector that died (SIGKILL, lost host) holds its partitions this long. 6000 is the least
   * the broker allows by default (group.min.session.timeout.ms); heartbeats go every tenth of it.
   */
  @IntVariable(6000, 300000)
  PROJECTOR_SESSION_TIMEOUT_MS = 6000;

  /**
   * The longest wait between tries to start the consumer while Kafka cannot be reached: the waits
   * double from 1 s up to this, so a broker that comes back is found within it.
   */
  @IntVariable(1000, 60000)
  PROJECTOR_START_RETRY_MAX_MS = 10000;
}

/** The parts of it the platform's and the libraries' modules read. */
export const PROJECTOR_CONFIG_PARTS = [
  LOGGING_CONFIG,
  DATABASE_CONFIG,
  REDIS_CONFIG,
  KAFKA_CONFIG,
  PARTNER_READS_CONFIG,
];
