import { type Socket } from 'node:net';
import pino from 'pino';
import { clientErrorAnswerer } from './client-error';

/** The lines a logger of level info writes, parsed. */
function memoryLogger(): { logger: pino.Logger; lines: any[] } {
  const lines: any[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** What the answerer writes to a socket still open, split into its status line, headers and body. */
function answerTo(
  code: string | undefined,
  logger = memoryLogger().logger,
): { statusLine: string; headers: string[]; body: any } {
  let written = '';
  const socket = {
    destroyed: false,
    writable: true,
    remoteAddress: '203.0.113.7',
    end: (text: string) => (written = text),
    destroy: () => undefined,
  } as unknown as Socket;
  clientErrorAnswerer(logger)(Object.assign(new Error('refused'), { code }), socket);
  const [head = '', body = ''] = written.split('\r\n\r\n');
  const [statusLine = '', ...headers] = head.split('\r\n');
  return { statusLine, headers, body: JSON.parse(body) };
}

describe('a request Node refuses before any route', () => {
  it('whose headers did not come in time is 408 REQUEST_TIMEOUT, not a request that is not HTTP', () => {
    const answer = answerTo('ERR_HTTP_REQUEST_TIMEOUT');
    expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.body.error).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: 'The request did not arrive in time: send it again',
    });
    expect(answer.headers).toContain(`X-Request-Id: ${answer.body.meta.request_id}`);
  });

  it.each([
    ['HPE_HEADER_OVERFLOW', 'The request line or headers are too large'],
    ['HPE_INVALID_METHOD', 'The request could not be parsed as HTTP'],
    [undefined, 'The request could not be parsed as HTTP'],
  ])('%s is 400 INVALID_REQUEST with its request id', (code, message) => {
    const answer = answerTo(code);
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body.error).toEqual({ code: 'INVALID_REQUEST', message });
    expect(answer.body.meta.request_id).toMatch(/^req_/);
  });

  it('is logged with the request id it is answered with, its status and the refusal', () => {
    const { logger, lines } = memoryLogger();
    const answer = answerTo('ERR_HTTP_REQUEST_TIMEOUT', logger);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request refused before routing',
      reqId: answer.body.meta.request_id,
      req: { id: answer.body.meta.request_id, remoteAddress: '203.0.113.7' },
      res: { statusCode: 408 },
      err: { code: 'ERR_HTTP_REQUEST_TIMEOUT' },
    });
  });

  it('is not logged when the client is gone before its answer', () => {
    const { logger, lines } = memoryLogger();
    const socket = { destroyed: true, writable: false, destroy: () => undefined } as unknown as Socket;
    clientErrorAnswerer(logger)(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket);
    expect(lines).toEqual([]);
  });
});
