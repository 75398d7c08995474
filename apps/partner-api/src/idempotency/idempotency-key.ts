import { createHash } from 'node:crypto';
import { type FastifyRequest } from 'fastify';
import { ApiError, receivedBodySha256 } from '@pft/platform';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long a key's first answer is kept: the contract says at least 24 hours. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** 1 to 255 printable ASCII characters (space to tilde). */
const KEY_FORM = /^[\x20-\x7e]{1,255}$/;

/** The messages of the answers about a key; the OpenAPI examples show the same. */
export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
  repeated: 'Idempotency-Key must be sent once',
  reused: 'This Idempotency-Key was used with another request (method, path or body)',
  inProgress: 'A request with this Idempotency-Key is still being processed; retry shortly',
} as const;

export type IdempotencyKeyIssue = 'repeated' | 'invalid';

export type IdempotencyKeyHeader =
  | { present: false }
  | { present: true; ok: true; key: string }
  | { present: true; ok: false; issue: IdempotencyKeyIssue };

/**
 * The request's `Idempotency-Key` from its raw header list (name, value, name, value, ...), where a
 * repeated header is still two entries: Node joins repeats into one value, which would turn two keys
 * into a third.
 */
export function readIdempotencyKey(rawHeaders: readonly string[]): IdempotencyKeyHeader {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === 'idempotency-key') values.push(rawHeaders[i + 1]!);
  }
  if (values.length === 0) return { present: false };
  if (values.length > 1) return { present: true, ok: false, issue: 'repeated' };
  const key = values[0]!;
  return KEY_FORM.test(key)
    ? { present: true, ok: true, key }
    : { present: true, ok: false, issue: 'invalid' };
}

/**
 * What makes two requests with one key the same request: method, path (with any query, normalisedPath)
 * and body bytes.
 */
export interface RequestFingerprint {
  method: string;
  path: string;
  bodySha256: Buffer;
}

export function fingerprintOf(method: string, path: string, body: Buffer): RequestFingerprint {
  return { method, path: normalisedPath(path), bodySha256: createHash('sha256').update(body).digest() };
}

/** The unreserved characters of a URI (RFC 3986 2.3): their percent-encoding means the same URI. */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * A request's path (with any query) as it is kept and compared (RFC 3986 6.2.2): each percent-encoded
 * octet of an unreserved character decoded (`%61` is `a`, `%2D` is `-`), the hex digits of every other
 * escape in upper case, the rest as sent. The router decodes escapes alike, so a path written either way
 * is one resource, and a kept path shows a pilot_id as the partner API read it (the erasure finds it).
 */
export function normalisedPath(path: string): string {
  return path.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const char = String.fromCharCode(parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/**
 * The fingerprint of a request as it arrived, before its body is parsed or after. Undefined when its
 * body was never read whole (over its limit and cut off, the connection closed): it cannot be compared.
 */
export function requestFingerprint(request: FastifyRequest): RequestFingerprint | undefined {
  const bodySha256 = receivedBodySha256(request);
  return bodySha256 && { method: request.method, path: normalisedPath(request.url), bodySha256 };
}

/** Paths compared normalised: one kept as sent, before paths were normalised, is the same request too. */
export function sameRequest(a: RequestFingerprint, b: RequestFingerprint): boolean {
  return (
    a.method === b.method &&
    normalisedPath(a.path) === normalisedPath(b.path) &&
    a.bodySha256.equals(b.bodySha256)
  );
}

/**
 * Whether an answer of this status is kept for replay. 401 and 429 say nothing about the request
 * itself and 5xx may be over by a retry: the client may send the same key again and be served anew.
 */
export function isReplayableStatus(status: number): boolean {
  return status !== 401 && status !== 429 && status < 500;
}

/** The 409 to a request under a key whose first request is still being processed. */
export function idempotencyInProgress(): ApiError {
  return new ApiError('IDEMPOTENCY_CONFLICT', IDEMPOTENCY_MESSAGES.inProgress, [
    { field: 'Idempotency-Key', issue: 'in_progress' },
  ]);
}

/**
 * The key a request claimed: a handler whose work cannot be done twice (a linking code is used up) keeps
 * its answer under it in the transaction of that work (IdempotencyStore.completeWithin).
 */
export interface IdempotencyClaim {
  partnerId: string;
  key: string;
  requestId: string;
}
