import { Matches } from 'class-validator';
import { configPart, type VariablesBase } from './config-part';
import { IntVariable } from './variable-transforms';
import { refusedInProduction, VariableRules } from './variable-rules';

/** The local Redis: production refuses it. */
export const DEVELOPMENT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface RedisVariables {
  REDIS_URL: string;
  REDIS_COMMAND_TIMEOUT_MS: number;
}

/** What RedisModule reads. */
export const REDIS_CONFIG = configPart<RedisVariables>('REDIS_CONFIG');

export function WithRedis<B extends VariablesBase>(Base: B) {
  @VariableRules(
    refusedInProduction<RedisVariables>(
      'REDIS_URL',
      DEVELOPMENT_REDIS_URL,
      'the local development Redis; production needs its own',
    ),
  )
  class RedisGroup extends Base implements RedisVariables {
    @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' })
    REDIS_URL = DEVELOPMENT_REDIS_URL;

    /**
     * How long an app waits for Redis to answer a command. Past it the command fails: the partner API
     * then counts rate limits per process, as when Redis is down.
     */
    @IntVariable(50, 60000)
    REDIS_COMMAND_TIMEOUT_MS = 1000;
  }
  return RedisGroup;
}
