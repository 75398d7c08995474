import { Transform } from 'class-transformer';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import {
  DATABASE_CONFIG,
  HttpAppVariables,
  LOGGING_CONFIG,
  REDIS_CONFIG,
  WithDatabase,
  WithRedis,
  WithWriteOutcome,
  toInt,
} from '@pft/platform/config';
import { PARTNER_REDIS_CONFIG, WithPartnerRedisPrefix } from '@pft/partners/partner-redis-variables';
import { WithMasterKey } from '@pft/privacy/crypto/master-key-variables';
import { PARTNER_READS_CONFIG, WithPartnerReads } from '@pft/totals/read/partner-reads-variables';
import { WithWebhookUrls } from '@pft/webhooks/webhook-url-variables';

const SharedVariables = WithWebhookUrls(
  WithPartnerReads(
    WithPartnerRedisPrefix(WithMasterKey(WithRedis(WithWriteOutcome(WithDatabase(HttpAppVariables))))),
  ),
);

/**
 * The variables the partner API reads: the shared groups (database, Redis, master key for its
 * cursors, the partner read revision, webhook URLs) and its own: authentication, the key cache, the
 * access history. Read once at start (main.ts); property names are the variables.
 */
export class PartnerApiConfig extends SharedVariables {
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PARTNER_API_PORT = 3000;

  /** Failed partner API authentications allowed per client IP and minute before 429. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  PARTNER_AUTH_FAILURES_PER_MINUTE = 30;

  /** How long a partner API replica may reuse a key lookup while no key has changed (see api-keys-revision). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600000)
  PARTNER_API_KEY_CACHE_MS = 60000;

  /**
   * Whether the partner API records partners' reads of pilots' totals for the pilots' access history.
   * `off` is for the benchmark that measures what recording costs; the service runs with `on`.
   */
  @IsIn(['on', 'off'])
  ACCESS_HISTORY: 'on' | 'off' = 'on';

  /**
   * How often a partner API replica adds the reads it counted to the access history (and on shutdown).
   * The specification lets counts be up to a minute late; fewer writes of the same pilots' counts cost
   * the database less while partners read. An erasure does not wait for it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60000)
  ACCESS_HISTORY_FLUSH_MS = 30000;

  /**
   * How many UTC days of partners' reads the access history keeps, today included; older days' counts
   * are deleted by the partner API's retention job. At least 365: the pilot app API shows up to a year.
   */
  @Transform(toInt)
  @IsInt()
  @Min(365)
  @Max(36500)
  ACCESS_HISTORY_RETENTION_DAYS = 400;
}

/** The parts of it the platform's and the libraries' modules read. */
export const PARTNER_API_CONFIG_PARTS = [
  LOGGING_CONFIG,
  DATABASE_CONFIG,
  REDIS_CONFIG,
  PARTNER_READS_CONFIG,
  PARTNER_REDIS_CONFIG,
];
