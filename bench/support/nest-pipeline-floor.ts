import { countingFloor, READS_SOURCE } from './read-floor';

/**
 * The partner routes' pipeline in plain JavaScript, with nothing of ours in it: three guards (the first
 * awaits the request's count in Redis, READS_SOURCE's countRequest), `Caller`, a parameter decorator
 * taking the caller they left, `guarded(...)` putting the three on a route, and `partnerHeaders(reply,
 * count)`, the partner API's headers. With READS_SOURCE, and Nest's common decorators as `nest`.
 */
export const PARTNER_PIPELINE_SOURCE = `
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const nest = require('@nestjs/common');
const { Controller, Inject, Injectable, Module, Res, UseGuards, createParamDecorator } = nest;
const { FastifyAdapter } = require('@nestjs/platform-fastify');
${READS_SOURCE}
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
for (const guard of [Counted, WithinLimit, InScope]) Injectable()(guard);
const guarded = UseGuards(Counted, WithinLimit, InScope);
let requests = 0;
function partnerHeaders(reply, count) {
  reply
    .header('X-Request-Id', 'req_' + decimalText(++requests).padStart(26, '0'))
    .header('Cache-Control', 'no-store')
    .header('RateLimit-Limit', '1000000000')
    .header('RateLimit-Remaining', decimalText(1e9 - count))
    .header('RateLimit-Reset', '30');
}
`;

/**
 * nest-floor.ts's `/counted` and `/read` through the partner route's pipeline, with nothing of ours in
 * it: three guards (the first awaits the request's count in Redis), a parameter decorator taking the
 * caller they left, the query through @nestjs/cqrs's QueryBus, and the partner headers. A read's share
 * of it is what our code costs over the framework's pipeline doing the same work.
 */
const SOURCE = `
${PARTNER_PIPELINE_SOURCE}
const { Get, Query } = nest;
const { CqrsModule, QueryBus, QueryHandler } = require('@nestjs/cqrs');
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
for (const handler of [FromMemoryHandler, ReadRowHandler]) Injectable()(handler);
QueryHandler(FromMemory)(FromMemoryHandler);
QueryHandler(ReadRow)(ReadRowHandler);
Inject(QueryBus)(Pipeline, undefined, 0);
const route = (name) => Object.getOwnPropertyDescriptor(Pipeline.prototype, name);
Caller()(Pipeline.prototype, 'counted', 0);
Res({ passthrough: true })(Pipeline.prototype, 'counted', 1);
guarded(Pipeline.prototype, 'counted', route('counted'));
Get('counted')(Pipeline.prototype, 'counted', route('counted'));
Query('id')(Pipeline.prototype, 'read', 0);
Caller()(Pipeline.prototype, 'read', 1);
Res({ passthrough: true })(Pipeline.prototype, 'read', 2);
guarded(Pipeline.prototype, 'read', route('read'));
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

export const startNestPipelineFloor = countingFloor('Nest pipeline floor', SOURCE);
