import { type ReadFloor, startCountingFloor, TOTALS_READ_SOURCE, TURN_COUNTER_SOURCE } from './read-floor';

/**
 * The least a partner read answered from memory costs through the framework the partner API is built
 * on: a bare Nest application on its Fastify adapter, one controller route, no hooks, guards,
 * interceptors, filters or logging, doing what read-floor.ts's `/counted` does (the request counted in
 * Redis, one INCRBY per event-loop turn, and a constant body of about 1 KB).
 *
 * `GET /counted` as above; `GET /counted-batch`: the same with a constant body of the size and shape of
 * a batch of 50 pilots' totals (about 30 KB, where a single pilot's is about 700 bytes), the least a
 * batch answered from memory costs through it; `GET /read?id=`: the least a read that misses memory costs through it, the
 * request counted the same way and the pilot's totals row read by one SELECT for all the reads of an
 * event-loop turn (read-floor.ts's `/grouped`, as the partner API groups its reads); `GET /hello`:
 * `{ hello: 'world' }` through the same router, the framework's own cost beside the bare Fastify
 * hello-world.
 *
 * Plain JavaScript handed to `node -e`, so it needs no build: the decorators are applied as functions.
 */
const SOURCE = `
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Controller, Get, Module, Query, Res } = require('@nestjs/common');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
${TURN_COUNTER_SOURCE}
${TOTALS_READ_SOURCE}
const answer = JSON.stringify({ data: { pilot_id: '00000000-0000-4000-8000-000000000000', totals: 'x'.repeat(900) } });
const pilotTotals = (n) => ({
  pilot_id: '00000000-0000-4000-8000-' + String(n).padStart(12, '0'),
  last_updated: '2026-11-27T00:30:50.295Z',
  totals: Object.fromEntries(
    ['total_flight_time', 'pic', 'sic', 'dual', 'instructor', 'cross_country', 'night', 'ifr', 'actual_instrument',
     'simulated_instrument', 'single_engine', 'multi_engine', 'multi_pilot', 'simulator'].map((f, i) => [f + '_minutes', 1000 + i]),
  ),
  landings: { total_day: 100, total_night: 10 },
  rating_breakdown: { sep_land: 601, type_a320: 1201 },
  flight_count: 100,
  last_flight_date: '2026-10-31T00:00:00.000Z',
});
const batchAnswer = JSON.stringify({
  data: Array.from({ length: 50 }, (_, n) => pilotTotals(n)),
  meta: { api_version: 'v1', request_id: 'req_01M8D6K0DMC7GG62VRD3M18SAS' },
});
class Reads {
  async counted(reply) {
    const count = await countRequest();
    reply.header('x-ratelimit-remaining', decimalText(1e9 - count)).type('application/json');
    return answer;
  }
  async countedBatch(reply) {
    const count = await countRequest();
    reply.header('x-ratelimit-remaining', decimalText(1e9 - count)).type('application/json');
    return batchAnswer;
  }
  async read(id, reply) {
    const [count, row] = await Promise.all([countRequest(), readGrouped(id)]);
    reply.header('x-ratelimit-remaining', decimalText(1e9 - count));
    return { data: row };
  }
  hello() {
    return { hello: 'world' };
  }
}
const route = (name) => Object.getOwnPropertyDescriptor(Reads.prototype, name);
Res({ passthrough: true })(Reads.prototype, 'counted', 0);
Get('counted')(Reads.prototype, 'counted', route('counted'));
Res({ passthrough: true })(Reads.prototype, 'countedBatch', 0);
Get('counted-batch')(Reads.prototype, 'countedBatch', route('countedBatch'));
Query('id')(Reads.prototype, 'read', 0);
Res({ passthrough: true })(Reads.prototype, 'read', 1);
Get('read')(Reads.prototype, 'read', route('read'));
Get('hello')(Reads.prototype, 'hello', route('hello'));
Controller()(Reads);
class Floor {}
Module({ controllers: [Reads] })(Floor);
NestFactory.create(Floor, new FastifyAdapter(), { logger: false }).then((app) =>
  app.listen(Number(process.env.PORT), '127.0.0.1'),
);
`;

export const startNestFloor = (
  port: number,
  databaseUrl: string,
  redisUrl: string,
  countKey: string,
): Promise<ReadFloor> => startCountingFloor('Nest floor', SOURCE, port, databaseUrl, redisUrl, countKey);
