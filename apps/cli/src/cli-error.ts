import { ConfigError } from '@pft/platform/config/load-config';
import { KafkaClientError } from '@pft/platform/kafka/kafka.port';
import { UnknownPartnerError } from '@pft/partners/api-keys/api-keys.repository';
import {
  attemptsReason,
  connectAttempts,
  failedLookup,
  type FailedLookup,
  lookupText,
  messageOf,
  type SocketError,
  socketWords,
  unreachableText,
} from './connection-failure';

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
  | 'WEBHOOK_LINK_ENDED'
  | 'WEBHOOK_DELIVERY_IN_FLIGHT'
  | 'TOPIC_NOT_NEW'
  | 'PAYLOADS_IN_THE_CLEAR'
  | 'TOPIC_INCOMPLETE'
  | 'OFFSET_PAST_TOPIC_END'
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

/** What pg-pool says of a connection to Postgres that did not complete within its connect timeout. */
const PG_CONNECT_TIMEOUT = 'Connection terminated due to connection timeout';

/** `db.internal:5432`: where a URL points, with the service's own port when the URL gives none. */
export function hostPort(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || defaultPort}`;
  } catch {
    return url;
  }
}

/** The host name a URL or a `host:port` names, in lower case as DNS compares it. */
function hostnameOf(address: string): string | undefined {
  try {
    return new URL(address.includes('://') ? address : `tcp://${address.trim()}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** `cannot reach Postgres at db.internal:5432 (DATABASE_URL): connection refused`. */
export function postgresUnreachable(databaseUrl: string, reason: string): CliFailure {
  return {
    code: 'DATABASE_UNREACHABLE',
    message: `cannot reach Postgres at ${hostPort(databaseUrl, 5432)} (DATABASE_URL): ${reason}`,
  };
}

/** `cannot reach Redis at 127.0.0.1:6379 (REDIS_URL): timed out`. */
export function redisUnreachable(redisUrl: string, reason: string): CliFailure {
  return {
    code: 'REDIS_UNREACHABLE',
    message: `cannot reach Redis at ${hostPort(redisUrl, 6379)} (REDIS_URL): ${reason}`,
  };
}

/**
 * A host name that does not resolve, named with the variable that gave it: DATABASE_URL's,
 * REDIS_URL's or one of KAFKA_BROKERS; any other host (an address given on the command line) by itself.
 */
function unresolved(lookup: FailedLookup, services: CliServices): CliFailure {
  const reason = lookupText(lookup);
  const named = (address: string) => hostnameOf(address) === lookup.hostname.toLowerCase();
  if (named(services.DATABASE_URL)) return postgresUnreachable(services.DATABASE_URL, reason);
  if (named(services.REDIS_URL)) return redisUnreachable(services.REDIS_URL, reason);
  if (services.KAFKA_BROKERS.split(',').some(named))
    return {
      code: 'KAFKA_UNREACHABLE',
      message: `cannot reach Kafka at ${services.KAFKA_BROKERS} (KAFKA_BROKERS): ${reason}`,
    };
  return { code: 'HOST_UNREACHABLE', message: reason };
}

/**
 * What an operator reads when a command fails: a dependency that cannot be reached, or whose host
 * name does not resolve, is named with the variable that points at it; anything else is the error's
 * own message, under a stable code.
 */
export function describeCliError(error: unknown, services: CliServices): CliFailure {
  if (error instanceof CliError) return { code: error.code, message: error.message };
  if (error instanceof ConfigError) return { code: 'INVALID_CONFIGURATION', message: error.message };
  if (error instanceof UnknownPartnerError) return { code: 'PARTNER_NOT_FOUND', message: error.message };
  const e = (error ?? {}) as SocketError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const lookup = failedLookup(error);
  if (error instanceof KafkaClientError && error.connection) {
    // A name the brokers advertise, not in KAFKA_BROKERS, may be the one that does not resolve; else
    // the socket error beneath the client's own words (`metadata failed 3 times.`), if there is one.
    const reason = lookup ? lookupText(lookup) : (socketWords(error).reason ?? message);
    return {
      code: 'KAFKA_UNREACHABLE',
      message: `cannot reach Kafka at ${services.KAFKA_BROKERS} (KAFKA_BROKERS): ${reason}`,
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
  if (lookup) return unresolved(lookup, services);
  // pg-pool's own words for a server that took the connection and did not answer in time: no address.
  if (message === PG_CONNECT_TIMEOUT) return postgresUnreachable(services.DATABASE_URL, 'timed out');
  const attempts = connectAttempts(error);
  if (attempts) {
    const at = (service: string) =>
      attempts.some((a) => a.where === service || service.endsWith(`:${a.port}`));
    if (at(hostPort(services.DATABASE_URL, 5432)))
      return postgresUnreachable(services.DATABASE_URL, attemptsReason(attempts));
    if (at(hostPort(services.REDIS_URL, 6379)))
      return redisUnreachable(services.REDIS_URL, attemptsReason(attempts));
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
