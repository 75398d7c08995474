import { type ArgumentsHost } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';

/*
 * The request and the reply of an HTTP call, from the context Nest hands a guard, an interceptor, a
 * parameter decorator or an exception filter. `switchToHttp()` gives the same two, but first assigns
 * three new closures onto the context object on every call, and each guard of a route calls it: on
 * the partner read path that was more of the CPU than the guards' own checks. These read the
 * arguments Nest passes to an HTTP route handler (request, reply) directly.
 */

/** The HTTP request of `context`. */
export const httpRequestOf = <T = FastifyRequest>(context: ArgumentsHost): T => context.getArgByIndex<T>(0);

/** The HTTP reply of `context`. */
export const httpReplyOf = <T = FastifyReply>(context: ArgumentsHost): T => context.getArgByIndex<T>(1);
