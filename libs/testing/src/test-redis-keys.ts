import Redis from 'ioredis';

/**
 * Run by jest after the framework is set up, in every integration and end-to-end test file
 * (jest.config.js `setupFilesAfterEnv`), after test-defaults.ts gave the file its own Redis key
 * prefix: once the file's tests are done, the keys under that prefix go. The apps a file starts in
 * its process or as children write there (the partner read revision each change of what partners
 * read moves on), and nothing else would ever remove them from the machine's Redis. A prefix the
 * environment gave, not test-defaults, is left alone.
 */
const prefix = process.env.PARTNER_REDIS_PREFIX;
const OWN_PREFIX = /^test:[0-9a-f]{12}:$/;

afterAll(async () => {
  if (prefix === undefined || !OWN_PREFIX.test(prefix)) return;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
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
});
