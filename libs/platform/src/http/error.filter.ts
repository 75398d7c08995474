import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope';
import { httpReplyOf, httpRequestOf } from './http-context';
import { type ErrorCodes } from './error-codes';
import { toErrorResponse } from './error-response';
import { type RouteTable } from './route-table';

/** The one place where anything thrown while serving a request becomes the error body of the contract. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  constructor(
    private readonly routes: RouteTable,
    private readonly codes: ErrorCodes<string>,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    sendError(httpRequestOf(host), httpReplyOf(host), exception, this.routes, this.codes, this.logger);
  }
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  exception: unknown,
  routes: RouteTable,
  codes: ErrorCodes<string>,
  logger: Logger,
): void {
  const response = toErrorResponse(
    exception,
    { method: request.method, url: request.url },
    { routes, codes },
  );
  if (response.unexpected) {
    logger.error({ err: exception, reqId: request.id, code: response.code }, 'request failed');
  }
  if (reply.sent) return;
  // A download's name set before the handler ran (`export.csv`) would save the error as that file.
  reply.removeHeader('Content-Disposition');
  void reply
    .status(response.status)
    .headers(response.headers)
    .header('X-Request-Id', request.id)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(response.code, response.message, request.id, response.details));
}
