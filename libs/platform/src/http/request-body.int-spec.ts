import { Agent, request as httpRequest } from 'node:http';
import { type AddressInfo } from 'node:net';
import fastify, { type FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import { DRAINED_AT_MOST, parseUnreadBody, readBodiesUnparsed } from './request-body';

interface Outcome {
  status: number;
  connection: string | undefined;
  body: string;
}

/** Sends one body over a real socket, all of it, as a client that only reads once it has sent does. */
function send(agent: Agent, port: number, body: Buffer): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/small',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('a body over its limit, on a real socket', () => {
  let app: FastifyInstance;
  let port: number;
  // Connections kept open between requests, so the server alone decides to close one.
  const agent = new Agent({ keepAlive: true });

  beforeAll(async () => {
    app = fastify();
    readBodiesUnparsed(app, 1024);
    app.setErrorHandler((err, _request, reply) =>
      reply
        .code(400)
        .headers(err instanceof ApiError ? err.headers : {})
        .send({ refused: err instanceof ApiError ? err.code : String(err) }),
    );
    app.post('/small', { bodyLimit: 64 }, (request) => ({ parsed: parseUnreadBody(request) }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await app.close();
  });

  it('is answered, every time, to a client still sending it: the rest is read and dropped first', async () => {
    const body = Buffer.from(JSON.stringify({ remarks: 'x'.repeat(1_100_000) }));
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => send(agent, port, body).catch((err: Error) => err.message)),
    );
    const answers = outcomes.map((o) => (typeof o === 'string' ? `failed: ${o}` : `${o.status} ${o.body}`));
    expect(answers).toEqual(Array.from({ length: 40 }, () => '400 {"refused":"INVALID_REQUEST"}'));
    // Read whole, the body leaves the connection fit for another request.
    expect(outcomes.every((o) => typeof o !== 'string' && o.connection !== 'close')).toBe(true);
  });

  it('closes the connection once more than it reads at most has come', async () => {
    const body = Buffer.alloc(DRAINED_AT_MOST + 1024 * 1024, 'x');
    const outcome = await send(agent, port, body).catch((err: Error) => err.message);
    // The client may be reset while still sending: either outcome is a refusal, never a 2xx.
    if (typeof outcome === 'string') expect(outcome).toMatch(/EPIPE|ECONNRESET/);
    else expect([outcome.status, outcome.connection]).toEqual([400, 'close']);
  });
});
