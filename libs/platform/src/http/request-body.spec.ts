import fastify, { type FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import { parseUnreadBody, readBodiesUnparsed, UnreadBody } from './request-body';

/** A bare server whose one route reports what parseUnreadBody made of the body, or what it threw. */
async function server(): Promise<FastifyInstance> {
  const app = fastify();
  readBodiesUnparsed(app, 1024);
  app.post('/small', { bodyLimit: 64 }, (request) => {
    const unread = request.body instanceof UnreadBody;
    try {
      return {
        unread,
        parsed: parseUnreadBody(request, request.headers['x-unknown-path'] === 'yes') ?? null,
      };
    } catch (err) {
      const e = err as { code?: string; name: string };
      return { unread, thrown: err instanceof ApiError ? `ApiError ${err.code}` : (e.code ?? e.name) };
    }
  });
  await app.ready();
  return app;
}

describe('request bodies read unparsed, parsed after the checks', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await server();
  });
  afterAll(() => app.close());

  const post = async (contentType: string, payload: string, headers: Record<string, string> = {}) =>
    (
      await app.inject({
        method: 'POST',
        url: '/small',
        headers: { 'content-type': contentType, ...headers },
        payload,
      })
    ).json<Record<string, unknown>>();

  it('keeps the body unread until asked, then parses JSON as Fastify does', async () => {
    expect(await post('application/json', '{"a":[1,2]}')).toEqual({ unread: true, parsed: { a: [1, 2] } });
  });

  it('throws, only when parsed, what Fastify threw for broken JSON and prototype poisoning', async () => {
    expect(await post('application/json', '{"a":')).toEqual({
      unread: true,
      thrown: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    expect(await post('application/json', '{"__proto__":{"x":1}}')).toEqual({
      unread: true,
      thrown: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
  });

  it('refuses a body declared over the route limit as the contract’s too_large', async () => {
    expect(await post('application/json', JSON.stringify({ text: 'x'.repeat(100) }))).toEqual({
      unread: true,
      thrown: 'ApiError INVALID_REQUEST',
    });
  });

  it.each([
    ['an empty form', 'application/x-www-form-urlencoded', ''],
    ['a form', 'application/x-www-form-urlencoded', 'a=1&b=two'],
    ['plain text', 'text/plain; charset=utf-8', 'hello'],
    ['plain text holding JSON', 'text/plain', '{"a":1}'],
    ['JSON of another media type', 'application/merge-patch+json', '{"a":1}'],
  ])('refuses %s as not JSON (the contract’s unsupported_media_type)', async (_what, type, payload) => {
    expect(await post(type, payload)).toEqual({ unread: true, thrown: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
  });

  it('takes JSON whatever its media type parameters and spelling', async () => {
    expect(await post('Application/JSON; charset=utf-8', '{"a":1}')).toEqual({
      unread: true,
      parsed: { a: 1 },
    });
  });

  it('refuses another media type, except on an unknown path, where the body is left unread', async () => {
    expect(await post('application/xml', '<a/>')).toEqual({
      unread: true,
      thrown: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'text/plain'])
      expect(await post(type, 'a=1', { 'x-unknown-path': 'yes' })).toEqual({ unread: true, parsed: null });
  });
});
