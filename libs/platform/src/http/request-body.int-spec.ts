import { Agent } from 'node:http';
import { type AddressInfo } from 'node:net';
import fastify, { type FastifyInstance } from 'fastify';
import { type HostileResponse, sendHostile } from '@pft/testing';
import { ApiError } from './api-error';
import { DRAINED_AT_MOST, parseUnreadBody, readBodiesUnparsed } from './request-body';

/** Sends the whole body before reading the answer, as most clients do. */
const send = (agent: Agent, port: number, body: Buffer): Promise<HostileResponse> =>
  sendHostile(
    `http://127.0.0.1:${port}`,
    {
      label: 'oversized',
      method: 'POST',
      path: '/small',
      headers: { 'content-type': 'application/json' },
      body,
    },
    agent,
  );

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
    expect(outcomes.every((o) => typeof o !== 'string' && o.headers.connection !== 'close')).toBe(true);
  });

  it('closes the connection once more than it reads at most has come', async () => {
    const body = Buffer.alloc(DRAINED_AT_MOST + 1024 * 1024, 'x');
    const outcome = await send(agent, port, body).catch((err: Error) => err.message);
    // The client may be reset while still sending: either outcome is a refusal, never a 2xx.
    if (typeof outcome === 'string') expect(outcome).toMatch(/EPIPE|ECONNRESET/);
    else expect([outcome.status, outcome.headers.connection]).toEqual([400, 'close']);
  });
});
