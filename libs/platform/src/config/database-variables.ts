import { IsOptional, Matches } from 'class-validator';
import { configPart, type VariablesBase } from './config-part';
import { IntVariable } from './variable-transforms';
import { refusedInProduction, VariableRules } from './variable-rules';

/** The local database: production refuses it. */
export const DEVELOPMENT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pilot_totals';

export interface DatabaseVariables {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_QUERY_TIMEOUT_MS: number;
}

/** What DatabaseModule reads. */
export const DATABASE_CONFIG = configPart<DatabaseVariables>('DATABASE_CONFIG');

export function WithDatabase<B extends VariablesBase>(Base: B) {
  @VariableRules(
    refusedInProduction<DatabaseVariables>(
      'DATABASE_URL',
      DEVELOPMENT_DATABASE_URL,
      'the local development database; production needs its own',
    ),
  )
  class DatabaseGroup extends Base implements DatabaseVariables {
    @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
    DATABASE_URL = DEVELOPMENT_DATABASE_URL;

    @IntVariable(1, 200)
    DATABASE_POOL_SIZE = 10;

    /** How long an app waits for a Postgres connection (a new one, or a free one from the pool). */
    @IntVariable(100, 600000)
    DATABASE_CONNECT_TIMEOUT_MS = 5000;

    /**
     * How long an app waits for Postgres to answer a statement before giving up on it (a request is
     * then answered 503). Bounds a request when the database stops answering without closing the
     * connection; 0 waits for ever.
     */
    @IntVariable(0, 3600000)
    DATABASE_QUERY_TIMEOUT_MS = 10000;
  }
  return DatabaseGroup;
}

/** The apps that write through the command pipeline: how long an unanswered commit is looked into. */
export function WithWriteOutcome<B extends VariablesBase>(Base: B) {
  class WriteOutcomeGroup extends Base {
    /**
     * How long a write whose commit went unanswered keeps trying to find out whether it was recorded
     * before answering 503 WRITE_OUTCOME_UNKNOWN. Unset: DATABASE_QUERY_TIMEOUT_MS and its one second of
     * grace (writeOutcomeTimeoutMs). Declared with `undefined` so that loadConfig reads it.
     */
    @IsOptional()
    @IntVariable(0, 600000)
    WRITE_OUTCOME_TIMEOUT_MS?: number = undefined;
  }
  return WriteOutcomeGroup;
}
