import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Logger as Pino } from 'pino';
import { requestContext } from './request-context';

/** Probes: answered too often to be worth a line each (metrics are scraped on a port of their own). */
function isQuiet(url: string): boolean {
  return url.startsWith('/health');
}

/**
 * Two Fastify hooks: the rest of each request runs with its id in the request context (so every line
 * AppLogger writes meanwhile carries it), and a `request completed` line is written when the response
 * has gone out, with method, path, status and time, never a header.
 */
export function logRequests(fastify: FastifyInstance, pino: Pino): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    requestContext.run({ reqId: request.id }, done);
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    if (pino.isLevelEnabled(level) && !isQuiet(request.url)) {
      pino[level](
        {
          reqId: request.id,
          req: { id: request.id, method: request.method, url: request.url },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
        },
        'request completed',
      );
    }
    done();
  });
}
