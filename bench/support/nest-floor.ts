import { countingFloor, READS_SOURCE } from './read-floor';

/**
 * A partner read's floor through bare Nest on its Fastify adapter (one controller, nothing else): `GET
 * /counted` counts the request in Redis (one INCRBY per event-loop turn) and answers about 1 KB from
 * memory (the warm read's floor); `GET /read?id=` also reads the pilot's totals row by one SELECT per
 * turn's reads (the cold read's). The decorators are applied as functions: plain JavaScript, no build.
 */
const SOURCE = `
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Controller, Get, Module, Query, Res } = require('@nestjs/common');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
${READS_SOURCE}
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

export const startNestFloor = countingFloor('Nest floor', SOURCE);

/** The names of its runs: the warm read's floor (`/counted`) and the cold read's (`/read`). */
export const NEST_FLOOR_RUNS = {
  counted:
    'Nest floor: bare Nest on Fastify, reads counted in Redis, one INCRBY per event-loop turn, answer in memory',
  read: "Nest floor: bare Nest on Fastify, reads counted in Redis, one SELECT per event-loop turn's reads",
};
