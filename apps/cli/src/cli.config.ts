import { WithDatabase } from '@pft/platform/config/database-variables';
import { WithKafka, WithKafkaTopics } from '@pft/platform/config/kafka-variables';
import { loadConfig } from '@pft/platform/config/load-config';
import { NodeEnvVariables } from '@pft/platform/config/process-variables';
import { WithRedis } from '@pft/platform/config/redis-variables';
import { IntVariable } from '@pft/platform/config/variable-transforms';
import { WithPilotTokenSigning } from '@pft/logbook/pilot-auth/pilot-token-variables';
import { WithPartnerRedisPrefix } from '@pft/partners/partner-redis-variables';
import { WithMasterKey } from '@pft/privacy/crypto/master-key-variables';

const SharedVariables = WithPilotTokenSigning(
  WithMasterKey(
    WithPartnerRedisPrefix(WithKafkaTopics(WithKafka(WithRedis(WithDatabase(NodeEnvVariables))))),
  ),
);

/**
 * The variables `pft` reads: the services it works on (database, Redis and the partner API's keys in
 * it, Kafka and its topics), the master keys it rewraps and opens with, what it signs pilot tokens
 * with, and how long partner API replicas reuse a key lookup. Property names are the variables.
 */
export class CliConfig extends SharedVariables {
  /** How long a partner API replica may reuse a key lookup while no key has changed (see api-keys-revision). */
  @IntVariable(0, 600000)
  PARTNER_API_KEY_CACHE_MS = 60000;
}

/** The configuration, read and validated by each command that needs it (`pft --help` needs none). */
export function loadCliConfig(): CliConfig {
  return loadConfig(CliConfig);
}
