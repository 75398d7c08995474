import { ConfigError, KafkaClientError } from '@pft/platform';
import { UnknownPartnerError } from '@pft/partners';

/** The codes an operator or a script can rely on when a command fails; the message may change. */
export type CliErrorCode =
  | 'KAFKA_UNREACHABLE'
  | 'KAFKA_TOO_FEW_BROKERS'
  | 'KAFKA_TOPIC_PARTITIONS'
  | 'KAFKA_SETTING_NOT_APPLIED'
  | 'DATABASE_UNREACHABLE'
  | 'REDIS_UNREACHABLE'
  | 'HOST_UNREACHABLE'
  | 'INVALID_CONFIGURATION'
  | 'PARTNER_NOT_FOUND'
  | 'API_KEY_NOT_FOUND'
  | 'UNKNOWN_PROJECTION'
  | 'WEBHOOK_ENDPOINT_NOT_FOUND'
  | 'WEBHOOK_EVENT_NOT_FOUND'
  | 'TOPIC_NOT_NEW'
  | 'INVALID_USAGE'
  | 'COMMAND_FAILED';

/** A failure a command recognises, with the code it is known by. */
export class CliError extends Error {
  constructor(
    readonly code: CliErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** What the command line needs to know of the configuration to name a dependency it cannot reach. */
export interface CliServices {
  DATABASE_URL: string;
  REDIS_URL: string;
  KAFKA_BROKERS: string;
}

export interface CliFailure {
  code: CliErrorCode;
  message: string;
}

interface SocketError {
  name?: string;
  message?: string;
  code?: string;
  address?: string;
  port?: number;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  ENOTFOUND: 'host not found',
  EHOSTUNREACH: 'host unreachable',
};

/** The words for a socket error code (`ECONNREFUSED` → connection refused), if it is one. */
export function socketReason(code: string | undefined): string | undefined {
  return code ? REASONS[code] : undefined;
}

function hostPort(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || defaultPort}`;
  } catch {
    return url;
  }
}

/**
 * What an operator reads when a command fails: a dependency that cannot be reached is named with
 * the variable that points at it; anything else is the error's own message, under a stable code.
 */
export function describeCliError(error: unknown, services: CliServices): CliFailure {
  if (error instanceof CliError) return { code: error.code, message: error.message };
  if (error instanceof ConfigError) return { code: 'INVALID_CONFIGURATION', message: error.message };
  if (error instanceof UnknownPartnerError) return { code: 'PARTNER_NOT_FOUND', message: error.message };
  const e = (error ?? {}) as SocketError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (error instanceof KafkaClientError && error.connection) {
    return {
      code: 'KAFKA_UNREACHABLE',
      message: `cannot reach Kafka at ${services.KAFKA_BROKERS} (KAFKA_BROKERS): ${message}`,
    };
  }
  const reason = socketReason(e.code);
  if (reason && e.address !== undefined) {
    const where = `${e.address}:${e.port}`;
    const postgres = hostPort(services.DATABASE_URL, 5432);
    const redis = hostPort(services.REDIS_URL, 6379);
    if (where === postgres || postgres.endsWith(`:${e.port}`))
      return {
        code: 'DATABASE_UNREACHABLE',
        message: `cannot reach Postgres at ${postgres} (DATABASE_URL): ${reason}`,
      };
    if (where === redis || redis.endsWith(`:${e.port}`))
      return { code: 'REDIS_UNREACHABLE', message: `cannot reach Redis at ${redis} (REDIS_URL): ${reason}` };
    return { code: 'HOST_UNREACHABLE', message: `cannot reach ${where}: ${reason}` };
  }
  return { code: 'COMMAND_FAILED', message };
}

/** The exit code of a failed command: 78 (EX_CONFIG) for a bad configuration, as the apps use. */
export function exitCodeOf(failure: CliFailure): number {
  return failure.code === 'INVALID_CONFIGURATION' ? 78 : 1;
}

/**
 * A usage error as commander words it (`error: unknown option '--x'`), under its code: commander's
 * own message, without its `error: ` and line break.
 */
export function usageFailure(commanderText: string): CliFailure {
  return { code: 'INVALID_USAGE', message: commanderText.trim().replace(/^error: /, '') };
}
