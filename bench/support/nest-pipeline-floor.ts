import { type ReadFloor, startCountingFloor, TOTALS_READ_SOURCE, TURN_COUNTER_SOURCE } from './read-floor';

/**
 * What the framework costs a partner read when used as the partner API uses it, with nothing of ours
 * in it: a bare Nest application on its Fastify adapter whose two routes go through the partner route's
 * pipeline, doing the work of nest-floor.ts's `/counted` and `/read`:
 *
 * - three guards: the first awaits the request's count in Redis (one INCRBY per event-loop turn), as
 *   the key guard awaits the key's count; the other two decide at once from what it left on the
 *   request, as the rate-limit and scope guards do;
 * - a parameter decorator taking the caller the guards left on the request (as `@CurrentPartner()`);
 * - the query sent through @nestjs/cqrs's QueryBus to its handler, which answers from memory (`GET
 *   /counted`: the constant body of about 1 KB) or with the pilot's totals row read by one SELECT for
 *   all the reads of an event-loop turn (`GET /read?id=`);
 * - the headers every partner answer carries: a request id, `Cache-Control: no-store` and the rate
 *   limit's three.
 *
 * No hooks, no envelope, no key look-up, no cache, no logging: the partner API's own work. A read's
 * share of this floor is what our code costs over the framework's pipeline doing the same work; the
 * Nest floor's share of it, what the pipeline costs the framework.
 *
 * Plain JavaScript handed to `node -e`, so it needs no build: the decorators are applied as functions.
 */
const SOURCE = `
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Controller, Get, Inject, Injectable, Module, Query, Res, UseGuards, createParamDecorator } = require('@nestjs/common');
const { CqrsModule, QueryBus, QueryHandler } = require('@nestjs/cqrs');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
${TURN_COUNTER_SOURCE}
${TOTALS_READ_SOURCE}
const answer = JSON.stringify({ data: { pilot_id: '00000000-0000-4000-8000-000000000000', totals: 'x'.repeat(900) } });
const requestOf = (context) => context.switchToHttp().getRequest();
class Counted {
  async canActivate(context) {
    requestOf(context).count = await countRequest();
    return true;
  }
}
class WithinLimit {
  canActivate(context) {
    return requestOf(context).count > 0;
  }
}
class InScope {
  canActivate(context) {
    const request = requestOf(context);
    request.caller = { count: request.count };
    return true;
  }
}
const Caller = createParamDecorator((_, context) => requestOf(context).caller);
class FromMemory {}
class ReadRow {
  constructor(id) {
    this.id = id;
  }
}
class FromMemoryHandler {
  async execute() {
    return answer;
  }
}
class ReadRowHandler {
  async execute(query) {
    return readGrouped(query.id);
  }
}
let requests = 0;
function partnerHeaders(reply, count) {
  reply
    .header('X-Request-Id', 'req_' + decimalText(++requests).padStart(26, '0'))
    .header('Cache-Control', 'no-store')
    .header('RateLimit-Limit', '1000000000')
    .header('RateLimit-Remaining', decimalText(1e9 - count))
    .header('RateLimit-Reset', '30');
}
class Pipeline {
  constructor(queryBus) {
    this.queryBus = queryBus;
  }
  async counted(caller, reply) {
    partnerHeaders(reply, caller.count);
    reply.type('application/json');
    return this.queryBus.execute(new FromMemory());
  }
  async read(id, caller, reply) {
    partnerHeaders(reply, caller.count);
    return { data: await this.queryBus.execute(new ReadRow(id)) };
  }
}
for (const guard of [Counted, WithinLimit, InScope, FromMemoryHandler, ReadRowHandler]) Injectable()(guard);
QueryHandler(FromMemory)(FromMemoryHandler);
QueryHandler(ReadRow)(ReadRowHandler);
Inject(QueryBus)(Pipeline, undefined, 0);
const route = (name) => Object.getOwnPropertyDescriptor(Pipeline.prototype, name);
Caller()(Pipeline.prototype, 'counted', 0);
Res({ passthrough: true })(Pipeline.prototype, 'counted', 1);
UseGuards(Counted, WithinLimit, InScope)(Pipeline.prototype, 'counted', route('counted'));
Get('counted')(Pipeline.prototype, 'counted', route('counted'));
Query('id')(Pipeline.prototype, 'read', 0);
Caller()(Pipeline.prototype, 'read', 1);
Res({ passthrough: true })(Pipeline.prototype, 'read', 2);
UseGuards(Counted, WithinLimit, InScope)(Pipeline.prototype, 'read', route('read'));
Get('read')(Pipeline.prototype, 'read', route('read'));
Controller()(Pipeline);
class Floor {}
Module({
  imports: [CqrsModule.forRoot()],
  controllers: [Pipeline],
  providers: [FromMemoryHandler, ReadRowHandler],
})(Floor);
NestFactory.create(Floor, new FastifyAdapter(), { logger: false }).then((app) =>
  app.listen(Number(process.env.PORT), '127.0.0.1'),
);
`;

export const startNestPipelineFloor = (
  port: number,
  databaseUrl: string,
  redisUrl: string,
  countKey: string,
): Promise<ReadFloor> =>
  startCountingFloor('Nest pipeline floor', SOURCE, port, databaseUrl, redisUrl, countKey);
