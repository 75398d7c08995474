import { PARTNER_PIPELINE_SOURCE } from '../support/nest-pipeline-floor';
import { countingFloor } from '../support/read-floor';
import { CHECK_PATH, CHECK_RECORDING_SOURCE } from './check-recording';

/**
 * The check's floor through the partner routes' pipeline: the same POST taken by Nest on Fastify
 * through the partner route's three guards (the request counted in Redis first, one INCRBY per
 * event-loop turn's requests), the caller's parameter decorator, the body, @nestjs/cqrs's CommandBus
 * and the partner headers, then recorded by the partner API's statement and answered as the bare check
 * floor answers it (check-recording.ts's `checked`). Nothing of ours: no key, validation, experience or
 * verdicts. A check's share of it is what our code costs over the framework's pipeline doing the same
 * work, as the warm read's share of the read's pipeline floor is (nest-pipeline-floor.ts).
 */
const SOURCE = `
${PARTNER_PIPELINE_SOURCE}
${CHECK_RECORDING_SOURCE}
const { Body, HttpCode, HttpException, Post } = nest;
const { CommandBus, CommandHandler, CqrsModule } = require('@nestjs/cqrs');
class Check {
  constructor(body) {
    this.body = body;
  }
}
class CheckHandler {
  async execute(command) {
    const data = await checked(command.body);
    if (!data) throw new HttpException({ error: { code: 'RATE_LIMITED' } }, 429);
    return data;
  }
}
class Pipeline {
  constructor(commandBus) {
    this.commandBus = commandBus;
  }
  async check(body, caller, reply) {
    partnerHeaders(reply, caller.count);
    const data = await this.commandBus.execute(new Check(body));
    return { data, meta: { request_id: reply.getHeader('X-Request-Id') } };
  }
}
Injectable()(CheckHandler);
CommandHandler(Check)(CheckHandler);
Inject(CommandBus)(Pipeline, undefined, 0);
const check = Object.getOwnPropertyDescriptor(Pipeline.prototype, 'check');
Body()(Pipeline.prototype, 'check', 0);
Caller()(Pipeline.prototype, 'check', 1);
Res({ passthrough: true })(Pipeline.prototype, 'check', 2);
guarded(Pipeline.prototype, 'check', check);
HttpCode(200)(Pipeline.prototype, 'check', check);
Post('${CHECK_PATH}')(Pipeline.prototype, 'check', check);
Controller()(Pipeline);
class Floor {}
Module({ imports: [CqrsModule.forRoot()], controllers: [Pipeline], providers: [CheckHandler] })(Floor);
NestFactory.create(Floor, new FastifyAdapter({ bodyLimit: 8192 }), { logger: false }).then((app) =>
  madeReady.then(() => app.listen(Number(process.env.PORT), '127.0.0.1')),
);
`;

export const startCheckPipelineFloor = countingFloor('requirement check pipeline floor', SOURCE);
