import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { attemptWebhook, MAX_ANSWER_BYTES } from './webhook-request';

/**
 * The delivery's own address check, after DNS: a name (not itself an address, so the URL rules let it
 * pass) that resolves to a restricted address is refused at connection time unless the operator
 * allows private addresses.
 */
describe('attemptWebhook', () => {
  let server: Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const attempt = (url: string, allowPrivate: boolean) =>
    attemptWebhook({
      url,
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
      timeoutMs: 5000,
      allowPrivate,
    });

  it('refuses a name that resolves to a loopback address, before connecting', async () => {
    const result = await attempt(`https://localhost:${port}/hook`, false);
    expect(result).toEqual({
      delivered: false,
      status: null,
      error: expect.stringContaining('localhost resolves to a restricted address'),
    });
    expect(received).toEqual([]);
  });

  it('refuses a restricted address written in the URL, and plain http, without a lookup', async () => {
    expect(await attempt(`https://127.0.0.1:${port}/hook`, false)).toEqual({
      delivered: false,
      status: null,
      error: 'restricted URL',
    });
    expect(await attempt(`http://example.com:${port}/hook`, false)).toEqual({
      delivered: false,
      status: null,
      error: 'restricted URL',
    });
    expect(received).toEqual([]);
  });

  it.each(['[64:ff9b::7f00:1]', '[2002:7f00:1::]', '[::127.0.0.1]', '198.18.0.1'])(
    'refuses %s, an address that is or carries a special-purpose one, without connecting',
    async (host) => {
      expect(await attempt(`https://${host}:${port}/hook`, false)).toEqual({
        delivered: false,
        status: null,
        error: 'restricted URL',
      });
      expect(received).toEqual([]);
    },
  );

  it('delivers to the same receiver when the operator allows private addresses', async () => {
    expect(await attempt(`http://localhost:${port}/hook`, true)).toEqual({ delivered: true, status: 204 });
    expect(received).toEqual(['{"n":1}']);
  });

  describe('the answer', () => {
    let answering: Server;
    let answeringPort: number;
    let written = 0;

    beforeAll(async () => {
      answering = createServer((req, res) => {
        req.resume();
        res.writeHead(200, { 'content-type': 'text/plain' });
        if (req.url === '/head-only') {
          res.write('accepted');
          return;
        }
        // A body that never ends, written as fast as the attempt reads it, until it hangs up.
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const pump = (): void => {
          while (!res.destroyed) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        pump();
      });
      await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
      answeringPort = (answering.address() as AddressInfo).port;
    });
    afterAll(() => {
      answering.closeAllConnections();
      return new Promise((resolve) => answering.close(resolve));
    });

    const post = (path: string, timeoutMs: number) =>
      attemptWebhook({
        url: `http://127.0.0.1:${answeringPort}${path}`,
        headers: { 'content-type': 'application/json' },
        body: '{}',
        timeoutMs,
        allowPrivate: true,
      });

    it('is a 2xx whose endless body is read no further than MAX_ANSWER_BYTES, then hung up on', async () => {
      expect(await post('/endless', 3000)).toEqual({ delivered: true, status: 200 });
      // What the receiver got out before the hang-up: the bytes read and the sockets' buffers.
      expect(written).toBeLessThan(MAX_ANSWER_BYTES + 32 * 1024 * 1024);
    });

    it('keeps the status of an answer whose body does not end in time', async () => {
      expect(await post('/head-only', 300)).toEqual({
        delivered: false,
        status: 200,
        error: 'answer 200 not finished within 300 ms',
      });
    });
  });
});
