import { createHash, type Hash } from 'node:crypto';
import fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

const { FST_ERR_CTP_INVALID_MEDIA_TYPE, FST_ERR_CTP_INVALID_CONTENT_LENGTH } = fastify.errorCodes;

/**
 * A request body as it arrived, not yet parsed: what `request.body` holds until RequestBodyGuard (or
 * the not-found path) has let the request in. `problem` is why it could not be read whole. A body
 * over its limit keeps no `bytes`, only their `sha256` when it was read to its end (and dropped).
 */
export class UnreadBody {
  constructor(
    readonly contentType: string,
    readonly bytes: Buffer | undefined,
    readonly problem: Error | undefined,
    readonly sha256?: Buffer,
  ) {}
}

/**
 * How much of a body over its limit is still read, and dropped, before it is refused. A server that
 * answers and closes while the client is still sending makes the client's socket reset, and the reset
 * can take the answer with it; read to its end, the body is refused on a connection that stays open.
 * Beyond this much (or the route's limit, if larger) the connection is closed instead, so a client
 * cannot keep the server reading.
 */
export const DRAINED_AT_MOST = 8 * 1024 * 1024;

/**
 * The body of a route that reads it itself, as a stream (route config `streamedBody: true`): a file
 * upload, read only after its guards let it in and bounded by its own rules. Nothing of it is read here.
 */
export class StreamedBody {
  constructor(
    readonly contentType: string,
    readonly stream: NodeJS.ReadableStream,
  ) {}
}

const streamsItsBody = (request: FastifyRequest): boolean => {
  const config: unknown = request.routeOptions.config;
  return (
    typeof config === 'object' && config !== null && 'streamedBody' in config && config.streamedBody === true
  );
};

/** A body over the route's limit, declared or found while reading; the contract's 400 `too_large`. */
function tooLarge(limit: number, closing: boolean): ApiError {
  return new ApiError(
    'INVALID_REQUEST',
    `The request body is larger than ${limit} bytes`,
    [{ field: 'body', issue: 'too_large', message: `must be at most ${limit} bytes` }],
    // Closing: the rest of the body is not read, and the client may still be sending it.
    closing ? { Connection: 'close' } : {},
  );
}

/**
 * Replaces every body parser with one that only collects the bytes, up to the route's body limit
 * (`serverLimit` for an unknown path): Fastify parses bodies before Nest's guards run, so a body that
 * is broken or too large would otherwise be answered 400 before an unauthenticated request is
 * answered 401. Nothing it finds is an error yet; the body is parsed, and refused, after the guards.
 */
export function readBodiesUnparsed(instance: FastifyInstance, serverLimit: number): void {
  defaultJsonParser ??= instance.getDefaultJsonParser('error', 'error');
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', (request, payload, done) => {
    const contentType = request.headers['content-type'] ?? '';
    if (streamsItsBody(request)) return done(null, new StreamedBody(contentType, payload));
    const limit = request.routeOptions.bodyLimit ?? serverLimit;
    const declared = Number(request.headers['content-length']);
    const chunks: Buffer[] = [];
    let received = 0;
    let over = declared > limit;
    // Past the limit the bytes are dropped, but hashed: a body read to its end can still be told from another.
    let dropped: Hash | undefined;
    const refuse = (closing: boolean): void =>
      done(null, new UnreadBody(contentType, undefined, tooLarge(limit, closing), dropped?.digest()));
    if (over && declared > DRAINED_AT_MOST) return refuse(true);
    const stop = (): void => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      over ||= received > limit;
      if (over && received > DRAINED_AT_MOST) {
        stop();
        // Not read to its end: what was hashed tells it from nothing.
        dropped = undefined;
        refuse(true);
        return;
      }
      // Past the limit the rest is only counted and hashed, and dropped, until the body ends.
      if (!over) chunks.push(chunk);
      else {
        if (!dropped) {
          dropped = createHash('sha256');
          for (const kept of chunks.splice(0)) dropped.update(kept);
        }
        dropped.update(chunk);
      }
    };
    function onEnd(error?: Error): void {
      stop();
      // The client went away or sent broken framing: nothing to answer to.
      if (error) return done(error, undefined);
      if (over) return refuse(false);
      const mismatch = !Number.isNaN(declared) && declared !== received;
      done(
        null,
        new UnreadBody(
          contentType,
          Buffer.concat(chunks, received),
          mismatch ? new FST_ERR_CTP_INVALID_CONTENT_LENGTH() : undefined,
        ),
      );
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
  });
}

/** The bytes of each request's body as they arrived, kept when RequestBodyGuard parses them. */
const receivedBodies = new WeakMap<FastifyRequest, Buffer>();

const NO_BYTES = Buffer.alloc(0);

/**
 * The body of a request as it arrived, byte for byte (empty without one), once its guards have let it
 * in (`request.body` then holds the parsed value): what receivedBodySha256 hashes.
 */
function receivedBodyBytes(request: FastifyRequest): Buffer {
  return receivedBodies.get(request) ?? NO_BYTES;
}

/**
 * The SHA-256 of a request's body as it arrived, byte for byte (of nothing without one), before or
 * after RequestBodyGuard, whether or not the body could be parsed: what an idempotent request is
 * compared by. Undefined for a body that was never read whole (over its limit and cut off, or one the
 * route reads itself as a stream): it cannot be told from another.
 */
export function receivedBodySha256(request: FastifyRequest): Buffer | undefined {
  const body = request.body;
  if (body instanceof StreamedBody) return undefined;
  if (body instanceof UnreadBody) return body.bytes ? sha256Of(body.bytes) : body.sha256;
  return sha256Of(receivedBodyBytes(request));
}

const sha256Of = (bytes: Buffer): Buffer => createHash('sha256').update(bytes).digest();

/** Fastify's JSON parser, the same for every server of the process (its options are fixed here). */
let defaultJsonParser: ReturnType<FastifyInstance['getDefaultJsonParser']> | undefined;

/**
 * Parses a body kept by readBodiesUnparsed: JSON, the one media type both APIs take, with Fastify's
 * own parser (prototype poisoning refused). Any other media type (forms and plain text included, which
 * Nest's and Fastify's parsers would have read) is refused as Fastify refuses an unknown one, answered
 * 400 `unsupported_media_type` by the error filter; on an unknown path the body is left unread.
 * Throws what Fastify's parser threw, so the error filter answers each case as it did.
 */
export function parseUnreadBody(request: FastifyRequest, unknownPath = false): unknown {
  const body = request.body;
  if (!(body instanceof UnreadBody)) return body;
  if (body.problem !== undefined) throw body.problem;
  receivedBodies.set(request, body.bytes!);
  const mediaType = body.contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json') return parseJson(request, body.bytes!.toString('utf8'));
  if (unknownPath) return undefined;
  throw new FST_ERR_CTP_INVALID_MEDIA_TYPE(mediaType);
}

function parseJson(request: FastifyRequest, text: string): unknown {
  const parser = defaultJsonParser;
  if (!parser) throw new Error('readBodiesUnparsed was not applied');
  const outcome: { error: Error | null; value: unknown } = { error: null, value: undefined };
  // Fastify's default JSON parser answers synchronously.
  void parser(request, text, (error, value) => {
    outcome.error = error;
    outcome.value = value;
  });
  if (outcome.error) throw outcome.error;
  return outcome.value;
}
