import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';

/** The prefixes `newTestFilePrefix` makes; a prefix the environment gave is never cleaned. */
const OWN_PREFIX = /^test:[0-9a-f]{12}:$/;

/** A test file's own Redis prefix (test-environment.ts makes one per file). */
export function newTestFilePrefix(): string {
  return `test:${randomBytes(6).toString('hex')}:`;
}

/** The variable holding the test file's Redis prefix, which a test's PARTNER_REDIS_PREFIX may leave. */
export const FILE_REDIS_PREFIX = 'TEST_FILE_REDIS_PREFIX';

/**
 * A Redis prefix of its own for one app or pipeline a test starts, under the test file's own prefix
 * (test-environment.ts), so that what it writes goes with the file's keys once the file is done.
 */
export function uniqueRedisPrefix(): string {
  const base = process.env[FILE_REDIS_PREFIX] ?? process.env.PARTNER_REDIS_PREFIX ?? 'test:';
  return `${base}${randomBytes(6).toString('hex')}:`;
}

/**
 * Deletes the keys under a test file's own Redis prefix (test-environment.ts made it). The apps a
 * file starts in its process or as children write there (the partner read revision each change of
 * what partners read moves on), and nothing else would ever remove them from the machine's Redis.
 * Called by the test environment once every hook of the file has run (test-environment.ts).
 */
export async function deleteOwnTestKeys(
  prefix: string | undefined,
  redisUrl: string | undefined,
): Promise<void> {
  if (prefix === undefined || !OWN_PREFIX.test(prefix)) return;
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    const keys: string[] = [];
    for await (const found of redis.scanStream({ match: `${prefix}*`, count: 100 }) as AsyncIterable<
      string[]
    >)
      keys.push(...found);
    if (keys.length > 0) await redis.del(...keys);
  } catch {
    // Redis unreachable: there is nothing this file could have left there since.
  } finally {
    redis.disconnect();
  }
}
