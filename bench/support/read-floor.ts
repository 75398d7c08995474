import Redis from 'ioredis';
import { decimalText } from '@pft/contracts';
import { loadConfig, NodeEnvVariables, WithRedis } from '@pft/platform';
import { type BareServer, startBareServer, TURN_GROUPS_SOURCE } from './bare-server';

/**
 * What the read floors share: `decimalText(n)`, the partner API's own, for their headers
 * (docs/performance.md); `countRequest()`, the request's count under COUNT_KEY, one INCRBY per
 * event-loop turn's requests; `readGrouped(id)`, a pilot's totals row, one prepared SELECT per turn's
 * reads; `answer`, about 1 KB of JSON for a warm read from memory.
 */
export const READS_SOURCE = `
${TURN_GROUPS_SOURCE}
const GROUPS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
${decimalText.toString()}
const Redis = require('ioredis');
const redis = new Redis(process.env.REDIS_URL);
const countInTurns = inTurns((requests) => redis.incrby(process.env.COUNT_KEY, requests.length));
async function countRequest() {
  const { result: total, size, index } = await countInTurns(null);
  return total - size + 1 + index;
}
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const READ = 'select c.connection_id::text as pilot_id, v.* from connections c join pilot_totals_active v using (pilot_account_id) where c.connection_id = ';
const readInTurns = inTurns((ids) => pool.query({ name: 'many', text: READ + 'any($1::uuid[])', values: [ids] }));
async function readGrouped(id) {
  const { result } = await readInTurns(id);
  return result.rows.find((row) => row.pilot_id === id) ?? null;
}
const answer = JSON.stringify({ data: { pilot_id: '00000000-0000-4000-8000-000000000000', totals: 'x'.repeat(900) } });
`;

/**
 * The cold read's yardstick without Nest: bare Fastify, `GET /grouped?id=` a pilot's totals row by one
 * SELECT per event-loop turn's reads; `GET /counted` as nest-floor.ts's.
 */
const SOURCE = `
${READS_SOURCE}
const app = require('fastify')({ logger: false });
app.get('/grouped', async (request) => ({ data: await readGrouped(request.query.id) }));
app.get('/counted', async (request, reply) => {
  const count = await countRequest();
  reply.header('x-ratelimit-remaining', decimalText(1e9 - count)).type('application/json');
  return answer;
});
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** A floor's count key, made expiring (INCRBY keeps it), so none stays in the machine's Redis for good. */
async function expiringCountKey(redisUrl: string, countKey: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.set(countKey, 0, 'EX', 6 * 3600);
  } finally {
    redis.disconnect();
  }
}

/**
 * A floor's starter for `source` (plain JavaScript with READS_SOURCE in it): its count key of its own,
 * expiring; `env`, more of the floor's environment.
 */
export const countingFloor =
  (name: string, source: string) =>
  async (port: number, databaseUrl: string, env: Record<string, string> = {}): Promise<BareServer> => {
    const redisUrl = loadConfig(WithRedis(NodeEnvVariables)).REDIS_URL;
    const countKey = `bench:${Date.now()}:${name.replace(/ /g, '-')}`;
    await expiringCountKey(redisUrl, countKey);
    return startBareServer(name, source, port, {
      ...env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      COUNT_KEY: countKey,
    });
  };

export const startReadFloor = countingFloor('read floor', SOURCE);
