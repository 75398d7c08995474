import { ConfigError, KafkaClientError } from '@pft/platform';
import { UnknownPartnerError } from '@pft/partners';

/** The codes an operator or a script can rely on when a command fails; the message may change. */
export type CliErrorCode =
  | 'KAFKA_UNREACHABLE'
  | 'KAFKA_TOO_FEW_BROKERS'
  | 'KAFKA_TOPIC_PARTITIONS'
  | 'KAFKA_SETTING_NOT_APPLIED'
  | 'DATABASE_UNREACHABLE'
  | 'DATABASE_NOT_FOUND'
  | 'REDIS_UNREACHABLE'
  | 'HOST_UNREACHABLE'
  | 'INVALID_CONFIGURATION'
  | 'PARTNER_NOT_FOUND'
  | 'API_KEY_NOT_FOUND'
  | 'UNKNOWN_PROJECTION'
  | 'WEBHOOK_ENDPOINT_NOT_FOUND'
  | 'WEBHOOK_EVENT_NOT_FOUND'
  | 'TOPIC_NOT_NEW'
  | 'TOPIC_INCOMPLETE'
  | 'TOPIC_NOT_FOUND'
  | 'REBUILD_RUNNING'
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
  /** A connection to a host of several addresses (`localhost`: ::1, 127.0.0.1): each one's failure. */
  errors?: unknown[];
  /** What failed beneath (`fetch failed` holds the socket error here). */
  cause?: unknown;
}

/** How deep into `cause` a failure is read: enough for fetch's, bounded against a cause that loops. */
const CAUSE_DEPTH = 5;

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  ENOTFOUND: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
};

/** The words for a socket error code (`ECONNREFUSED` → connection refused), if it is one. */
export function socketReason(code: string | undefined): string | undefined {
  return code ? REASONS[code] : undefined;
}

/** One address a connection was tried at, and why it failed there. */
export interface ConnectAttempt {
  /** `127.0.0.1:5432`, `[::1]:5432`. */
  where: string;
  port: number | undefined;
  reason: string;
}

/** The attempt a socket error tells of; with `anyCode`, one whose code has no words too (told by its code). */
function attemptOf(error: unknown, anyCode = false): ConnectAttempt | undefined {
  const e = (error ?? {}) as SocketError;
  const reason = socketReason(e.code) ?? (anyCode ? e.code : undefined);
  if (!reason || typeof e.address !== 'string') return undefined;
  const address = e.address.includes(':') ? `[${e.address}]` : e.address;
  return { where: `${address}:${e.port}`, port: e.port, reason };
}

/**
 * The addresses a connection that failed was tried at, each with its reason: one for a host of one
 * address; one each for a host of several, which Node reports as an AggregateError (its own message
 * empty, no address) holding a socket error per address. Read from the error's `cause` when the
 * error itself is none (`fetch failed`). Undefined for any other error.
 */
export function connectAttempts(error: unknown, depth = 0): ConnectAttempt[] | undefined {
  const e = (error ?? {}) as SocketError;
  if (Array.isArray(e.errors) && e.errors.some((each) => attemptOf(each))) {
    return e.errors.map((each) => attemptOf(each, true)).filter((a): a is ConnectAttempt => a !== undefined);
  }
  const attempt = attemptOf(error);
  if (attempt) return [attempt];
  return e.cause !== undefined && depth < CAUSE_DEPTH ? connectAttempts(e.cause, depth + 1) : undefined;
}

/**
 * An error's message followed by those beneath it (`fetch failed: bad port`): its `cause`, or each
 * of the errors an AggregateError holds.
 */
export function messageOf(error: unknown, depth = 0): string {
  const e = (error ?? {}) as SocketError;
  const own = typeof e.message === 'string' ? e.message : String(error);
  if (depth >= CAUSE_DEPTH) return own;
  const beneath =
    Array.isArray(e.errors) && e.errors.length > 0
      ? e.errors.map((each) => messageOf(each, depth + 1)).join('; ')
      : e.cause !== undefined
        ? messageOf(e.cause, depth + 1)
        : '';
  if (!beneath || own.includes(beneath)) return own;
  return own ? `${own}: ${beneath}` : beneath;
}

/** The one reason every address failed for, if they all failed for the same one. */
function sharedReason(attempts: ConnectAttempt[]): string | undefined {
  const reasons = new Set(attempts.map((a) => a.reason));
  return reasons.size === 1 ? [...reasons][0] : undefined;
}

/** Why the connection failed: `connection refused`, and the addresses tried when there were several. */
function reasonOf(attempts: ConnectAttempt[]): string {
  const reason = sharedReason(attempts);
  if (reason === undefined) return `tried ${attempts.map((a) => `${a.where} (${a.reason})`).join(', ')}`;
  return attempts.length === 1 ? reason : `${reason} (tried ${attempts.map((a) => a.where).join(', ')})`;
}

/** `cannot reach 127.0.0.1:3000: connection refused`, naming every address tried. */
export function unreachableText(attempts: ConnectAttempt[]): string {
  const reason = sharedReason(attempts);
  if (reason === undefined)
    return `cannot reach ${attempts.map((a) => `${a.where} (${a.reason})`).join(' or ')}`;
  return `cannot reach ${attempts.map((a) => a.where).join(' or ')}: ${reason}`;
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
  // Postgres's invalid_catalog_name: the database DATABASE_URL names is not on that server.
  if (e.code === '3D000') {
    return {
      code: 'DATABASE_NOT_FOUND',
      message:
        `the database named by DATABASE_URL does not exist at ${hostPort(services.DATABASE_URL, 5432)}: ${message}; ` +
        'check DATABASE_URL, or create it with `pft db create` and `pft db migrate`',
    };
  }
  const attempts = connectAttempts(error);
  if (attempts) {
    const postgres = hostPort(services.DATABASE_URL, 5432);
    const redis = hostPort(services.REDIS_URL, 6379);
    const at = (service: string) =>
      attempts.some((a) => a.where === service || service.endsWith(`:${a.port}`));
    if (at(postgres))
      return {
        code: 'DATABASE_UNREACHABLE',
        message: `cannot reach Postgres at ${postgres} (DATABASE_URL): ${reasonOf(attempts)}`,
      };
    if (at(redis))
      return {
        code: 'REDIS_UNREACHABLE',
        message: `cannot reach Redis at ${redis} (REDIS_URL): ${reasonOf(attempts)}`,
      };
    return { code: 'HOST_UNREACHABLE', message: unreachableText(attempts) };
  }
  return { code: 'COMMAND_FAILED', message: messageOf(error) };
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
