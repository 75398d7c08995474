import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { IsJwtAlgorithmList, IsJwtSecret, IsPublicKeyPem } from './jwt-variables';
import { DEVELOPMENT_MASTER_KEY } from './master-key-rules';
import { IsMasterKey, IsMasterKeyList } from './master-key-variables';
import { IsTrustedProxyList } from './trusted-proxies';
import { EventPipelineVariables } from './event-pipeline-variables';
import { toBoolean, toInt } from './variable-transforms';

/** The local JWT_SECRET: published in the repository, so good for development only. */
export const DEVELOPMENT_JWT_SECRET = 'local-development-secret-change-me-in-production';

/** Variables without a default, read only when set. */
export const OPTIONAL_VARIABLES = [
  'JWT_PUBLIC_KEY',
  'JWKS_URL',
  'JWT_ALGORITHMS',
  'JWT_ISSUER',
  'JWT_AUDIENCE',
] as const;

/**
 * Every environment variable the service reads, with its local default.
 * Property names are the variable names, so a validation failure names the variable.
 */
export class AppConfig extends EventPipelineVariables {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @IsString()
  @Matches(/^\S+$/, { message: 'HOST must be a host name or address' })
  HOST = '127.0.0.1';

  /**
   * Reverse proxies (load balancers) whose X-Forwarded-For is believed: a request that arrives from
   * one of them is taken to come from the address it forwarded for, so per-client limits (failed
   * partner authentications) count each client apart. Empty: the connection's own address, and the
   * header ignored, since anyone can send it.
   */
  @IsTrustedProxyList()
  TRUSTED_PROXIES = '';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PARTNER_API_PORT = 3000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  INGESTION_PORT = 3001;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PROJECTOR_PORT = 3002;

  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pilot_totals';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /** How long an app waits for a Postgres connection (a new one, or a free one from the pool). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600000)
  DATABASE_CONNECT_TIMEOUT_MS = 5000;

  /**
   * How long an app waits for Postgres to answer a statement before giving up on it (a request is
   * then answered 503). Bounds a request when the database stops answering without closing the
   * connection; 0 waits for ever.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600000)
  DATABASE_QUERY_TIMEOUT_MS = 10000;

  /**
   * How long a write whose commit went unanswered keeps trying to find out whether it was recorded
   * before answering 503 WRITE_OUTCOME_UNKNOWN. Unset: DATABASE_QUERY_TIMEOUT_MS and its one second of
   * grace (writeOutcomeTimeoutMs). Declared with `undefined` so that loadConfig reads it.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600000)
  WRITE_OUTCOME_TIMEOUT_MS?: number = undefined;

  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /**
   * How long an app waits for Redis to answer a command. Past it the command fails: the partner API
   * then counts rate limits per process, as when Redis is down.
   */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60000)
  REDIS_COMMAND_TIMEOUT_MS = 1000;

  /**
   * The shared HS256 secret of local pilot tokens. Production refuses this built-in value, and uses
   * the secret at all only with JWT_ALLOW_HS256=true (see production-rules.ts).
   */
  @IsJwtSecret()
  JWT_SECRET = DEVELOPMENT_JWT_SECRET;

  /**
   * The master key that wraps every pilot's data key (docs/privacy.md): 32 random bytes, base64. The
   * development default is public; production refuses it (production-rules.ts).
   */
  @IsMasterKey()
  PFT_MASTER_KEY = DEVELOPMENT_MASTER_KEY;

  /** Earlier master keys still read while `pft privacy rewrap-keys` rewraps data keys after a rotation. */
  @IsMasterKeyList()
  PFT_PREVIOUS_MASTER_KEYS = '';

  /** PEM public key of the identity provider; takes precedence over JWT_SECRET. */
  @IsOptional()
  @IsPublicKeyPem()
  JWT_PUBLIC_KEY?: string;

  /** The identity provider's key set; takes precedence over JWT_PUBLIC_KEY and JWT_SECRET. */
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'JWKS_URL must be an http(s) URL' })
  JWKS_URL?: string;

  /**
   * The algorithms accepted with JWT_PUBLIC_KEY or JWKS_URL. Unset: the one the public key is for
   * (RS256 for RSA, ES256 for P-256, ...), RS256 with a JWKS URL. The secret only ever takes HS256.
   */
  @IsOptional()
  @IsJwtAlgorithmList()
  JWT_ALGORITHMS?: string;

  /** Whether production may verify pilot tokens with the shared JWT_SECRET (HS256). */
  @Transform(toBoolean)
  @IsBoolean()
  JWT_ALLOW_HS256 = false;

  /** The `iss` every pilot token must carry; unset: not checked (required in production). */
  @IsOptional()
  @Matches(/^\S+$/, { message: 'JWT_ISSUER must be one value without spaces' })
  JWT_ISSUER?: string;

  /** An `aud` every pilot token must carry; unset: not checked (required in production). */
  @IsOptional()
  @Matches(/^\S+$/, { message: 'JWT_AUDIENCE must be one value without spaces' })
  JWT_AUDIENCE?: string;

  /** How far a token's `exp` and `nbf` may be off the clock, for clocks that disagree a little. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(300)
  JWT_CLOCK_TOLERANCE_SECONDS = 30;

  /** Failed pilot authentications (a missing or refused token) allowed per client IP and minute before 429. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100000)
  PILOT_AUTH_FAILURES_PER_MINUTE = 30;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86400)
  LINKING_CODE_TTL_SECONDS = 600;

  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600000)
  SHUTDOWN_TIMEOUT_MS = 10000;

  /**
   * Whether the pilot app API sends the new flights of concurrent requests (those arriving in one
   * event-loop turn, 64 at most) to Postgres as one statement and one commit, each request answered
   * with its own outcome; `off`: one statement and commit per request.
   */
  @IsIn(['on', 'off'])
  WRITE_GROUPING: 'on' | 'off' = 'on';

  // Metrics: served on a port of their own, never on the public API port.

  /**
   * The port this process serves Prometheus metrics on (`GET /metrics`, on HOST). Unset: the app's
   * own default (DEFAULT_METRICS_PORTS in metrics/metrics-port.ts), so the apps of one host never
   * collide without it being set. `0`: a free port the system picks, named in the process's start
   * line (tests that start several processes side by side). Declared with `undefined` so that
   * loadConfig reads it.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number = undefined;
}
