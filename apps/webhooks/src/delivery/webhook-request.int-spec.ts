import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { attemptWebhook } from './webhook-request';

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
});
