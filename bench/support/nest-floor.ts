import { type ChildProcess } from 'node:child_process';
import { startBareServer } from './bare-server';
import { TURN_COUNTER_SOURCE } from './read-floor';

/**
 * The least a partner read answered from memory costs through the framework the partner API is built
 * on: a bare Nest application on its Fastify adapter, one controller route, no hooks, guards,
 * interceptors, filters or logging, doing what read-floor.ts's `/counted` does (the request counted in
 * Redis, one INCRBY per event-loop turn, and a constant body of about 1 KB).
 *
 * `GET /counted` as above; `GET /hello`: `{ hello: 'world' }` through the same router, the framework's
 * own cost beside the bare Fastify hello-world.
 *
 * Plain JavaScript handed to `node -e`, so it needs no build: the decorators are applied as functions.
 */
const SOURCE = `
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Controller, Get, Module, Res } = require('@nestjs/common');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
${TURN_COUNTER_SOURCE}
const answer = JSON.stringify({ data: { pilot_id: '00000000-0000-4000-8000-000000000000', totals: 'x'.repeat(900) } });
class Reads {
  async counted(reply) {
    const count = await countRequest();
    reply.header('x-ratelimit-remaining', String(1e9 - count)).type('application/json');
    return answer;
  }
  hello() {
    return { hello: 'world' };
  }
}
const route = (name) => Object.getOwnPropertyDescriptor(Reads.prototype, name);
Res({ passthrough: true })(Reads.prototype, 'counted', 0);
Get('counted')(Reads.prototype, 'counted', route('counted'));
Get('hello')(Reads.prototype, 'hello', route('hello'));
Controller()(Reads);
class Floor {}
Module({ controllers: [Reads] })(Floor);
NestFactory.create(Floor, new FastifyAdapter(), { logger: false }).then((app) =>
  app.listen(Number(process.env.PORT), '127.0.0.1'),
);
`;

export async function startNestFloor(
  port: number,
  redisUrl: string,
  countKey: string,
): Promise<{ url: string; child: ChildProcess }> {
  const { origin, child } = await startBareServer(
    'Nest floor',
    SOURCE,
    port,
    { REDIS_URL: redisUrl, COUNT_KEY: countKey },
    async (at) => (await fetch(`${at}/counted`)).ok,
  );
  return { url: origin, child };
}
