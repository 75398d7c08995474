import { FastifyAdapter } from '@nestjs/platform-fastify';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { parseUnreadBody } from './request-body';

/**
 * What an app checks of a request no route takes (an unknown path, or a known one with another
 * method) before it is answered 404 or 405: guards never run for those. Implemented by the app's
 * access guard, so a routed and an unrouted request are checked by the same code.
 */
export interface UnroutedRequestCheck {
  checkUnrouted(request: FastifyRequest, reply: FastifyReply): Promise<void> | void;
}

/**
 * The Fastify adapter whose not-found handler first runs the app's UnroutedRequestCheck and then
 * parses the body (a broken one is answered 400 as on a route), in the order a route's guards have.
 */
export class UnroutedCheckingFastifyAdapter extends FastifyAdapter {
  private unroutedCheck: UnroutedRequestCheck | undefined;

  checkUnroutedWith(check: UnroutedRequestCheck): void {
    this.unroutedCheck = check;
  }

  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's own signature
  override setNotFoundHandler(handler: Function): ReturnType<FastifyAdapter['setNotFoundHandler']> {
    return this.getInstance().setNotFoundHandler(
      { preHandler: (request: FastifyRequest, reply: FastifyReply) => this.beforeNotFound(request, reply) },
      handler as (request: FastifyRequest, reply: FastifyReply) => void,
    );
  }

  private async beforeNotFound(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.unroutedCheck?.checkUnrouted(request, reply);
    request.body = parseUnreadBody(request, true);
  }
}
