import Redis from 'ioredis';
import { type CliConfig } from '../cli.config';
import { redisUnreachable, hostPort } from '../cli-error';
import {
  attemptsReason,
  connectAttempts,
  failedLookup,
  lookupText,
  messageOf,
  socketReason,
  type SocketError,
} from '../connection-failure';

/**
 * Runs `tell` against the partner API's Redis (REDIS_URL, PARTNER_REDIS_PREFIX) on a connection of its
 * own that gives up at once; answers the reason when Redis could not be told, undefined when it was.
 */
export async function tellPartnerApi(
  config: CliConfig,
  tell: (redis: Redis, prefix: string) => Promise<void>,
): Promise<string | undefined> {
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // A Redis that accepts the connection but does not answer must not hold the command for ever.
    commandTimeout: 2000,
    retryStrategy: () => null,
  });
  // The connection's own failure: the client then rejects with only `Connection is closed.`.
  let connectionError: unknown;
  redis.on('error', (err: unknown) => {
    connectionError = err;
  });
  try {
    await redis.connect();
    await tell(redis, config.PARTNER_REDIS_PREFIX);
    return undefined;
  } catch (err) {
    return reasonOf(config.REDIS_URL, connectionError, err);
  } finally {
    redis.disconnect();
  }
}

/**
 * Why Redis could not be told, naming where REDIS_URL points: the addresses tried and why each
 * failed, a host name that does not resolve, a connection that timed out (which ioredis reports with
 * no address), else the message of the connection's failure (a refused password), or the error's.
 */
function reasonOf(redisUrl: string, connectionError: unknown, err: unknown): string {
  const lookup = failedLookup(connectionError) ?? failedLookup(err);
  const attempts = connectAttempts(connectionError) ?? connectAttempts(err);
  const reason = lookup
    ? lookupText(lookup)
    : attempts
      ? attemptsReason(attempts)
      : socketReason((connectionError as SocketError | undefined)?.code);
  if (reason !== undefined) return redisUnreachable(redisUrl, reason).message;
  // The connection's own failure (a user or password Redis does not take) says why; the command's
  // rejection then says only `Connection is closed.`.
  const said = connectionError === undefined ? messageOf(err) : messageOf(connectionError);
  return `Redis at ${hostPort(redisUrl, 6379)} (REDIS_URL): ${said || 'no reason given'}`;
}
