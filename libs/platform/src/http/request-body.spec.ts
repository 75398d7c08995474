import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import fastify, { type FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import {
  DRAINED_AT_MOST,
  parseUnreadBody,
  readBodiesUnparsed,
  receivedBodySha256,
  UnreadBody,
} from './request-body';

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
  // What an idempotent request is compared by, before the body is parsed and after (if it parses).
  app.post('/hashed', { bodyLimit: 64 }, (request) => {
    const before = receivedBodySha256(request)?.toString('hex') ?? null;
    try {
      parseUnreadBody(request);
    } catch {
      return { before };
    }
    return { before, after: receivedBodySha256(request)?.toString('hex') ?? null };
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

  describe('the SHA-256 of the body as it arrived', () => {
    const hashed = async (payload: string | Buffer | Readable, contentType = 'application/json') =>
      (
        await app.inject({
          method: 'POST',
          url: '/hashed',
          headers: { 'content-type': contentType },
          payload,
        })
      ).json<{ before: string | null; after?: string | null }>();
    const sha256 = (payload: string | Buffer): string => createHash('sha256').update(payload).digest('hex');

    it('is the same before and after parsing, and taken of a body that does not parse', async () => {
      expect(await hashed('{"a":1}')).toEqual({ before: sha256('{"a":1}'), after: sha256('{"a":1}') });
      expect(await hashed('{"a":')).toEqual({ before: sha256('{"a":') });
      expect(await hashed('a=1', 'text/plain')).toEqual({ before: sha256('a=1') });
    });

    it('is taken of a body over the limit read to its end, byte for byte', async () => {
      const large = JSON.stringify({ text: 'x'.repeat(100) });
      const other = JSON.stringify({ text: 'y'.repeat(100) });
      expect(await hashed(large)).toEqual({ before: sha256(large) });
      expect(await hashed(other)).toEqual({ before: sha256(other) });
      // Arriving in pieces, the limit crossed in the second: the bytes kept before it count too.
      const pieces = [large.slice(0, 40), large.slice(40, 80), large.slice(80)].map((p) => Buffer.from(p));
      expect(await hashed(Readable.from(pieces))).toEqual({ before: sha256(large) });
    });

    it('is none for a body cut off unread past what is drained', async () => {
      expect(await hashed(Buffer.alloc(DRAINED_AT_MOST + 1, 'x'))).toEqual({ before: null });
    });
  });
});
