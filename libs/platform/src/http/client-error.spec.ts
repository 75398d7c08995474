import { type Socket } from 'node:net';
import { answerClientError } from './client-error';

/** What answerClientError writes to a socket still open, split into its status line, headers and body. */
function answerTo(code: string | undefined): { statusLine: string; headers: string[]; body: any } {
  let written = '';
  const socket = {
    destroyed: false,
    writable: true,
    end: (text: string) => (written = text),
    destroy: () => undefined,
  } as unknown as Socket;
  answerClientError(Object.assign(new Error('refused'), { code }), socket);
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
});
