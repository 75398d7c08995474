import { WithDatabase, WithWriteOutcome } from './database-variables';
import { WithKafka, WithKafkaTopics } from './kafka-variables';
import { HttpAppVariables } from './process-variables';
import { WithRedis } from './redis-variables';

/** For the loader's tests: a configuration of every group the platform has, as an app that read them all would have. */
export class EveryGroupConfig extends WithKafkaTopics(
  WithKafka(WithRedis(WithWriteOutcome(WithDatabase(HttpAppVariables)))),
) {}
