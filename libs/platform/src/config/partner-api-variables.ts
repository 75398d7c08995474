import { Transform } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { toInt } from './variable-transforms';
import { WebhookVariables } from './webhook-variables';

/**
 * The partner API's variables: authentication, the totals cache, the access history, its Redis keys.
 * AppConfig extends it; property names are the variables.
 */
export class PartnerApiVariables extends WebhookVariables {
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
   * How long a partner API replica may reuse a projected totals answer while nothing partners read has
   * changed (see partner-read-revision); 0 reads the database for every request.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60000)
  PARTNER_TOTALS_CACHE_MS = 1000;

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

  /** Prefix of the partner API's Redis keys (rate counts, key revision), so deployments may share one Redis. */
  @Matches(/^[A-Za-z0-9:._-]{1,64}$/, { message: 'PARTNER_REDIS_PREFIX must be 1-64 of [A-Za-z0-9:._-]' })
  PARTNER_REDIS_PREFIX = 'pft:';
}
