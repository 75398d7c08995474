import { type FastifyRequest } from 'fastify';
import { ApiError } from '@pft/platform';
import { answerKeptFor, answerToRefused, keptError, replayedError } from './idempotent-answers';
import { fingerprintOf, requestFingerprint } from './idempotency-key';
import { type EarlierUse, type StoredAnswer } from './idempotency.store';

const body = Buffer.from('{"url":"https://hooks.example.com/pft"}');
const fingerprint = fingerprintOf('POST', '/v1/webhook-endpoints', body);
const other = fingerprintOf('POST', '/v1/webhook-endpoints', Buffer.from('{"url":"https://other"}'));
const scopeRefused = new ApiError('INSUFFICIENT_SCOPE', 'This key lacks the scope webhooks', [
  { field: 'scope', issue: 'missing', message: 'webhooks' },
]);
const keptRefusal = keptError({
  status: 403,
  code: scopeRefused.code,
  message: scopeRefused.message,
  details: [...scopeRefused.details!],
});
const answered = (answer: StoredAnswer): EarlierUse => ({
  state: 'completed',
  fingerprint,
  answer,
});

describe('kept errors', () => {
  it('keep the status, code, message and details, and are given again as they were', () => {
    expect(keptRefusal).toEqual({
      status: 403,
      data: null,
      error: JSON.stringify({
        code: 'INSUFFICIENT_SCOPE',
        message: 'This key lacks the scope webhooks',
        details: [{ field: 'scope', issue: 'missing', message: 'webhooks' }],
      }),
    });
    const again = replayedError(keptRefusal.error!);
    expect([again.code, again.message, again.details]).toEqual([
      scopeRefused.code,
      scopeRefused.message,
      scopeRefused.details,
    ]);
    expect(again.headers).toEqual({ 'Idempotent-Replayed': 'true' });
  });

  it('keep the Allow of a 405, and no other header, and give it again', () => {
    const kept = keptError({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: 'POST is not allowed here; allowed: GET',
      headers: { Allow: 'GET', 'Retry-After': '5' },
    });
    expect(JSON.parse(kept.error!)).toEqual({
      code: 'METHOD_NOT_ALLOWED',
      message: 'POST is not allowed here; allowed: GET',
      headers: { Allow: 'GET' },
    });
    expect(replayedError(kept.error!).headers).toEqual({ Allow: 'GET', 'Idempotent-Replayed': 'true' });
  });

  it('keep no empty details', () => {
    const { error } = keptError({ status: 404, code: 'NOT_FOUND', message: 'No such resource', details: [] });
    expect(JSON.parse(error!)).toEqual({ code: 'NOT_FOUND', message: 'No such resource' });
  });
});

describe('a key used before', () => {
  it('gives its kept answer to the same request', () => {
    const answer = { status: 201, data: '{"id":"we_1"}', error: null };
    expect(answerKeptFor(answered(answer), fingerprint)).toEqual({ answer });
  });

  it('is 409 IDEMPOTENCY_CONFLICT to another request, or while its first is being processed', () => {
    const reused = answerKeptFor(answered(keptRefusal), other);
    expect('conflict' in reused && [reused.conflict.code, reused.conflict.details]).toEqual([
      'IDEMPOTENCY_CONFLICT',
      [{ field: 'Idempotency-Key', issue: 'reused' }],
    ]);
    const busy = answerKeptFor({ state: 'in_progress', fingerprint }, fingerprint);
    expect('conflict' in busy && busy.conflict.details).toEqual([
      { field: 'Idempotency-Key', issue: 'in_progress' },
    ]);
  });
});

describe('a request refused before its handler, under a key used before', () => {
  it('gets the refusal kept the first time again, as replayed', () => {
    const answer = answerToRefused(answered(keptRefusal), fingerprint, scopeRefused) as ApiError;
    expect(answer).not.toBe(scopeRefused);
    expect([answer.code, answer.headers]).toEqual(['INSUFFICIENT_SCOPE', { 'Idempotent-Replayed': 'true' }]);
  });

  it('gets any error kept the first time again, as the same request would', () => {
    const invalid = keptError({ status: 400, code: 'INVALID_REQUEST', message: 'url is required' });
    expect((answerToRefused(answered(invalid), fingerprint, scopeRefused) as ApiError).code).toBe(
      'INVALID_REQUEST',
    );
  });

  it('never gets a success kept by another request of the partner: its own refusal, not replayed', () => {
    const created = { status: 201, data: '{"id":"we_1","secret":"whsec_x"}', error: null };
    expect(answerToRefused(answered(created), fingerprint, scopeRefused)).toBe(scopeRefused);
  });

  it('is 409 IDEMPOTENCY_CONFLICT when the key was used with another request', () => {
    const answer = answerToRefused(answered(keptRefusal), other, scopeRefused) as ApiError;
    expect(answer.code).toBe('IDEMPOTENCY_CONFLICT');
  });
});

describe('requestFingerprint', () => {
  it('is the method, path with its query, and the SHA-256 of the body as it arrived', () => {
    const request = { method: 'POST', url: '/v1/link?x=1', body: undefined } as unknown as FastifyRequest;
    expect(requestFingerprint(request)).toEqual(fingerprintOf('POST', '/v1/link?x=1', Buffer.alloc(0)));
  });
});
