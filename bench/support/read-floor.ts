import { type ChildProcess } from 'node:child_process';
import Redis from 'ioredis';
import { decimalText } from '@pft/contracts';
import { startBareServer, TURN_GROUPS_SOURCE } from './bare-server';

/**
 * `decimalText(n)`: the partner API's own (@pft/contracts), for the floors' headers. `String(n)` of a
 * number new on every request leaves its text in V8's number cache long enough to reach the old
 * generation, work the partner API no longer does, so a floor must not do it either.
 */
const DECIMAL_TEXT_SOURCE = `
const GROUPS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
${decimalText.toString()}
`;

/**
 * `countRequest()`: the request's count under COUNT_KEY, one INCRBY for all the requests of an
 * event-loop turn (the partner API's rate counter does the same). Plain JavaScript, for the floors'
 * sources; it brings `inTurns` (TURN_GROUPS_SOURCE) and `decimalText` (for the count's header) along.
 */
export const TURN_COUNTER_SOURCE = `
${TURN_GROUPS_SOURCE}
${DECIMAL_TEXT_SOURCE}
const Redis = require('ioredis');
const redis = new Redis(process.env.REDIS_URL);
const countInTurns = inTurns((requests) => redis.incrby(process.env.COUNT_KEY, requests.length));
async function countRequest() {
  const { result: total, size, index } = await countInTurns(null);
  return total - size + 1 + index;
}
`;

/**
 * `readGrouped(id)`: a pilot's totals row through its connection id, one prepared SELECT for all the
 * reads of an event-loop turn. Plain JavaScript, for the floors' sources; it needs TURN_GROUPS_SOURCE
 * (which TURN_COUNTER_SOURCE brings) before it.
 */
export const TOTALS_READ_SOURCE = `
const { Pool } = require('pg');
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const READ = 'select c.connection_id::text as pilot_id, v.* from connections c join pilot_totals_active v using (pilot_account_id) where c.connection_id = ';
const readInTurns = inTurns((ids) => pool.query({ name: 'many', text: READ + 'any($1::uuid[])', values: [ids] }));
async function readGrouped(id) {
  const { result } = await readInTurns(id);
  return result.rows.find((row) => row.pilot_id === id) ?? null;
}
`;

/**
 * The least a partner read from the database costs on this machine: a bare Fastify server (no Nest, no
 * key check, no envelope): `GET /grouped?id=` answers a pilot's totals row read by one statement for
 * all the requests of an event-loop turn; `GET /counted` (its readiness) counts the request in Redis,
 * one INCRBY per turn, and answers a constant body of about 1 KB. Plain JavaScript handed to `node -e`,
 * so it needs no build.
 */
const SOURCE = `
${TURN_COUNTER_SOURCE}
${TOTALS_READ_SOURCE}
const app = require('fastify')({ logger: false });
app.get('/grouped', async (request) => ({ data: await readGrouped(request.query.id) }));
const answer = JSON.stringify({ data: { pilot_id: '00000000-0000-4000-8000-000000000000', totals: 'x'.repeat(900) } });
app.get('/counted', async (request, reply) => {
  const count = await countRequest();
  reply.header('x-ratelimit-remaining', decimalText(1e9 - count)).type('application/json');
  return answer;
});
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** How long a floor's count lives in Redis: longer than any benchmark, so none is left behind for good. */
const COUNT_KEY_SECONDS = 6 * 3600;

/**
 * Makes a floor's count key before the floor counts into it, expiring: INCRBY keeps a key's expiry,
 * so the count goes from the machine's Redis on its own, however the benchmark ends.
 */
export async function expiringCountKey(redisUrl: string, countKey: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.set(countKey, 0, 'EX', COUNT_KEY_SECONDS);
  } finally {
    redis.disconnect();
  }
}

/** A floor that counts its reads in Redis under `countKey` and reads from `databaseUrl`. */
export interface ReadFloor {
  url: string;
  child: ChildProcess;
}

/**
 * Starts a floor's `source` (plain JavaScript with TURN_COUNTER_SOURCE and TOTALS_READ_SOURCE in it)
 * on `port`, its count key made expiring first; ready once its `/counted` route answers.
 */
export async function startCountingFloor(
  name: string,
  source: string,
  port: number,
  databaseUrl: string,
  redisUrl: string,
  countKey: string,
): Promise<ReadFloor> {
  await expiringCountKey(redisUrl, countKey);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, COUNT_KEY: countKey };
  const { origin, child } = await startBareServer(
    name,
    source,
    port,
    env,
    async (at) => (await fetch(`${at}/counted`)).ok,
  );
  return { url: origin, child };
}

export const startReadFloor = (
  port: number,
  databaseUrl: string,
  redisUrl: string,
  countKey: string,
): Promise<ReadFloor> => startCountingFloor('read floor', SOURCE, port, databaseUrl, redisUrl, countKey);
