import { ApiError, type ErrorCode, type ErrorDetail } from '@pft/platform';
import {
  IDEMPOTENCY_MESSAGES,
  idempotencyInProgress,
  IDEMPOTENT_REPLAYED_HEADER,
  type RequestFingerprint,
  sameRequest,
} from './idempotency-key';
import { type EarlierUse, type StoredAnswer } from './idempotency.store';

/** An error answer as the error filter gives it: what is kept of it under a key. */
export interface AnsweredError {
  status: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
  headers?: Readonly<Record<string, string>>;
}

/** The headers of an error kept with it: those that belong to its meaning (a 405's methods). */
const KEPT_HEADERS = ['Allow'];

/** An error answer as it is kept: its status, and its `error` as JSON text (with its KEPT_HEADERS). */
export function keptError(answer: AnsweredError): StoredAnswer {
  const headers = Object.entries(answer.headers ?? {}).filter(([name]) => KEPT_HEADERS.includes(name));
  const error = {
    code: answer.code,
    message: answer.message,
    ...(answer.details?.length ? { details: answer.details } : {}),
    ...(headers.length > 0 ? { headers: Object.fromEntries(headers) } : {}),
  };
  return { status: answer.status, data: null, error: JSON.stringify(error) };
}

/**
 * A kept error (its JSON text) given again, with its kept headers and `Idempotent-Replayed: true`;
 * its status is its code's, as the first time.
 */
export function replayedError(keptJson: string): ApiError {
  const error = JSON.parse(keptJson) as {
    code: ErrorCode;
    message: string;
    details?: ErrorDetail[];
    headers?: Record<string, string>;
  };
  return new ApiError(error.code, error.message, error.details, {
    ...error.headers,
    [IDEMPOTENT_REPLAYED_HEADER]: 'true',
  });
}

/**
 * What an earlier use of a key holds for the request `fingerprint`: the answer kept, to be given
 * again, or the 409 IDEMPOTENCY_CONFLICT when the key was used with another request (method, path
 * or body) or its first request is still being processed.
 */
export function answerKeptFor(
  earlier: EarlierUse,
  fingerprint: RequestFingerprint,
): { conflict: ApiError } | { answer: StoredAnswer } {
  if (!sameRequest(earlier.fingerprint, fingerprint)) {
    return {
      conflict: new ApiError('IDEMPOTENCY_CONFLICT', IDEMPOTENCY_MESSAGES.reused, [
        { field: 'Idempotency-Key', issue: 'reused' },
      ]),
    };
  }
  if (earlier.state === 'in_progress') return { conflict: idempotencyInProgress() };
  return { answer: earlier.answer };
}

/**
 * What a request refused before its handler (a live key on a sandbox endpoint, a missing scope, a
 * body that cannot be read) is answered when its key was used before: the 409 any request gets, the
 * kept error again when the first request was answered one, and otherwise its own refusal, not kept.
 * A success is never given again to a request refused: a partner's keys share their idempotency keys,
 * and one API key must not be handed what its scopes do not allow through a key another one used.
 */
export function answerToRefused(
  earlier: EarlierUse,
  fingerprint: RequestFingerprint,
  refusal: unknown,
): unknown {
  const kept = answerKeptFor(earlier, fingerprint);
  if ('conflict' in kept) return kept.conflict;
  return kept.answer.error === null ? refusal : replayedError(kept.answer.error);
}
