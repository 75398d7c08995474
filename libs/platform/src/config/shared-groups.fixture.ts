import { WithDatabase, WithWriteOutcome } from './database-variables';
import { WithKafka, WithKafkaTopics } from './kafka-variables';
import { WithMasterKey } from './master-key-variables';
import { WithPartnerReads } from './partner-reads-variables';
import { WithPilotTokenCheck } from './pilot-token-variables';
import { HttpAppVariables } from './process-variables';
import { WithRedis } from './redis-variables';
import { WithWebhookUrls } from './webhook-url-variables';

/** For the loader's tests: a configuration of every shared group, as an app that read them all would have. */
export class EveryGroupConfig extends WithWebhookUrls(
  WithPartnerReads(
    WithPilotTokenCheck(
      WithMasterKey(WithKafkaTopics(WithKafka(WithRedis(WithWriteOutcome(WithDatabase(HttpAppVariables)))))),
    ),
  ),
) {}
