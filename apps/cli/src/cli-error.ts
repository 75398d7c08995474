/** What the command line needs to know of the configuration to name a dependency it cannot reach. */
export interface CliServices {
  DATABASE_URL: string;
  REDIS_URL: string;
  KAFKA_BROKERS: string;
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

function hostPort(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || defaultPort}`;
  } catch {
    return url;
  }
}

/**
 * The line an operator reads when a command fails: a dependency that cannot be reached is named
 * with the variable that points at it; anything else is the error's own message.
 */
export function describeCliError(error: unknown, services: CliServices): string {
  const e = (error ?? {}) as SocketError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (e.name?.startsWith('KafkaJS') && /Connection error|ECONNREFUSED|ENOTFOUND|timeout/i.test(message)) {
    return `cannot reach Kafka at ${services.KAFKA_BROKERS} (KAFKA_BROKERS): ${message}`;
  }
  const reason = e.code ? REASONS[e.code] : undefined;
  if (reason && e.address !== undefined) {
    const where = `${e.address}:${e.port}`;
    const postgres = hostPort(services.DATABASE_URL, 5432);
    const redis = hostPort(services.REDIS_URL, 6379);
    if (where === postgres || postgres.endsWith(`:${e.port}`))
      return `cannot reach Postgres at ${postgres} (DATABASE_URL): ${reason}`;
    if (where === redis || redis.endsWith(`:${e.port}`))
      return `cannot reach Redis at ${redis} (REDIS_URL): ${reason}`;
    return `cannot reach ${where}: ${reason}`;
  }
  return message;
}
