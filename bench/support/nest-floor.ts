import { type ReadFloor, startCountingFloor, TOTALS_READ_SOURCE, TURN_COUNTER_SOURCE } from './read-floor';

/**
 * The least a partner read answered from memory costs through the framework the partner API is built
 * on: a bare Nest application on its Fastify adapter, one controller route, no hooks, guards,
 * interceptors, filters or logging, doing what read-floor.ts's `/counted` does (the request counted in
 * Redis, one INCRBY per event-loop turn, and a constant body of about 1 KB).
 *
 * `GET /counted` as above (the warm read's floor); `GET /read?id=`: the least a read that misses memory
 * costs through it (the cold read's floor), the request counted the same way and the pilot's totals
 * row read by one SELECT for all the reads of an event-loop turn, as the partner API groups its reads.
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
class Reads {
  async counted(reply) {
    const count = await countRequest();
    reply.header('x-ratelimit-remaining', decimalText(1e9 - count)).type('application/json');
    return answer;
  }
  async read(id, reply) {
    const [count, row] = await Promise.all([countRequest(), readGrouped(id)]);
    reply.header('x-ratelimit-remaining', decimalText(1e9 - count));
    return { data: row };
  }
}
const route = (name) => Object.getOwnPropertyDescriptor(Reads.prototype, name);
Res({ passthrough: true })(Reads.prototype, 'counted', 0);
Get('counted')(Reads.prototype, 'counted', route('counted'));
Query('id')(Reads.prototype, 'read', 0);
Res({ passthrough: true })(Reads.prototype, 'read', 1);
Get('read')(Reads.prototype, 'read', route('read'));
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
