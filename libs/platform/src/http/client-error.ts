import { type Socket } from 'node:net';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Logger as Pino } from 'pino';
import { errorEnvelope } from './envelope';
import { nextUlid, REQUEST_ID_HEADER } from './request-id';

interface ClientErrorAnswer {
  statusLine: string;
  code: 'INVALID_REQUEST' | 'REQUEST_TIMEOUT';
  message: string;
}

const NOT_HTTP: ClientErrorAnswer = {
  statusLine: '400 Bad Request',
  code: 'INVALID_REQUEST',
  message: 'The request could not be parsed as HTTP',
};

/** Node's refusals by their code; anything else is a request that is not HTTP. */
const CLIENT_ERRORS: Record<string, ClientErrorAnswer> = {
  HPE_HEADER_OVERFLOW: {
    statusLine: '400 Bad Request',
    code: 'INVALID_REQUEST',
    message: 'The request line or headers are too large',
  },
  // The request line and headers did not all come within the server's time for them (60 s by default).
  ERR_HTTP_REQUEST_TIMEOUT: {
    statusLine: '408 Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message: 'The request did not arrive in time: send it again',
  },
};

/**
 * Answers requests that Node's HTTP parser refuses before any route sees them (a request line or
 * headers over the size limit, broken framing, headers that take too long to come) in the contract's
 * envelope with a request id, instead of Node's bare 400, 408 or 431; and logs the refusal with that
 * id, as every request is logged (request-log.hooks.ts), so support can find the request a user quotes.
 */
export function clientErrorAnswerer(pino: Pino): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => answerClientError(error, socket, pino);
}

function answerClientError(error: Error & { code?: string }, socket: Socket, pino: Pino): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const requestId = `req_${nextUlid()}`;
  const refusal = CLIENT_ERRORS[error.code ?? ''] ?? NOT_HTTP;
  // No method or path: the request could not be read, and what came of it is not logged (it may
  // carry a credential in its headers).
  pino.info(
    {
      reqId: requestId,
      req: { id: requestId, remoteAddress: socket.remoteAddress },
      res: { statusCode: Number(refusal.statusLine.slice(0, 3)) },
      err: { code: error.code ?? 'UNKNOWN' },
    },
    'request refused before routing',
  );
  const body = JSON.stringify(errorEnvelope(refusal.code, refusal.message, requestId));
  socket.end(
    [
      `HTTP/1.1 ${refusal.statusLine}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `${REQUEST_ID_HEADER}: ${requestId}`,
      // Like every answer of the apps (start-http-app.ts), though these never carry data.
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/**
 * Fastify's router refuses some URLs before any hook runs (a path that is not valid percent-encoding,
 * a path parameter over the length limit). repairUrl and the parameter limit keep such requests on
 * the usual path through authentication and the rate limit; anything the router still refuses is
 * answered in the envelope.
 */
export function answerFrameworkError(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path segment is too long'
      : 'The request path is not valid';
  void reply
    .status(400)
    .header(REQUEST_ID_HEADER, request.id)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorEnvelope('INVALID_REQUEST', message, request.id, [{ field: 'path', issue: 'invalid' }]));
}
