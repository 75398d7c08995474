import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type FastifyRequest } from 'fastify';

/** The authenticated pilot account id (set by the pilot auth hook). */
export const CurrentPilot = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const pilot = context.switchToHttp().getRequest<FastifyRequest>().pilotAccountId;
  if (!pilot) throw new Error('pilot route reached without authentication');
  return pilot;
});

/** The request id, recorded in each event's metadata. */
export const RequestId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<FastifyRequest>().id,
);
