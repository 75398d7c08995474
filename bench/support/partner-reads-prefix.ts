import Redis from 'ioredis';
import { loadConfig, NodeEnvVariables, WithRedis } from '@pft/platform';
import { announcePartnerReadChange } from '@pft/totals';

/**
 * A PARTNER_REDIS_PREFIX of its own for a partner API under measure, with the partner read revision
 * in place, as a deployment has it from the projector's first batch on. Without it (a fresh prefix,
 * no projector) every replica reuses nothing kept in memory (WindowCounter: Redis lost its keys), and
 * a warm read measures the database instead of the replica's memory.
 */
async function partnerReadsPrefix(name: string): Promise<string> {
  const prefix = `bench:${Date.now()}:${name}:`;
  const redis = new Redis(loadConfig(WithRedis(NodeEnvVariables)).REDIS_URL, { lazyConnect: true });
  try {
    await redis.connect();
    await announcePartnerReadChange(redis, prefix);
  } finally {
    redis.disconnect();
  }
  return prefix;
}

/**
 * The partner API's environment in a benchmark: on `databaseUrl`, under a prefix of its own named
 * `name`, with BENCH_PARTNER_API_NODE_OPTIONS as its Node options when set (`--cpu-prof
 * --cpu-prof-dir=<dir>` for CPU profiles).
 */
export const partnerApiEnv = async (
  databaseUrl: string,
  name: string,
  env: Record<string, string> = {},
): Promise<Record<string, string>> => ({
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: '20',
  LOG_LEVEL: 'warn',
  PARTNER_REDIS_PREFIX: await partnerReadsPrefix(name),
  ...(process.env.BENCH_PARTNER_API_NODE_OPTIONS
    ? { NODE_OPTIONS: process.env.BENCH_PARTNER_API_NODE_OPTIONS }
    : {}),
  ...env,
});
