import { type ErrorCode, WriteOutcomeUnknown } from '@pft/platform';
import { type ErrorExample, SERVER_ERROR_EXAMPLES } from '@pft/platform/http/openapi-docs';
import { IDEMPOTENCY_MESSAGES } from '../idempotency/idempotency-key';

/** An example of a refused request whose `details` name the `field` and the `issue`. */
export function refusedField(summary: string, message: string, field: string, issue: string): ErrorExample {
  return { summary, message, details: [{ field, issue }] };
}

/**
 * The error answers every partner endpoint can give, in the words the code uses, so the
 * description shows what a client really receives. Codes whose message depends on the endpoint
 * (`INVALID_REQUEST`, `INSUFFICIENT_SCOPE`) are given by the endpoint itself.
 */
export const COMMON_ERROR_EXAMPLES: Partial<Record<ErrorCode, ErrorExample[]>> = {
  UNAUTHORIZED: [
    {
      summary: 'No valid key',
      message: 'A valid API key is required in the header Authorization: Bearer <key>',
    },
  ],
  RATE_LIMITED: [
    {
      summary: 'The key’s requests for this minute are used up',
      message: 'This key may make 100 requests per minute; retry after the window resets',
    },
    {
      summary: 'Too many failed authentications from this address',
      message: 'Too many failed authentications from this address',
    },
  ],
  ...SERVER_ERROR_EXAMPLES,
  PILOT_NOT_FOUND: [
    {
      summary: 'The pilot is not linked to the caller',
      message: 'No pilot with this pilot_id is linked to you',
    },
  ],
  IDEMPOTENCY_CONFLICT: [
    refusedField(
      'The key was used with another request',
      IDEMPOTENCY_MESSAGES.reused,
      'Idempotency-Key',
      'reused',
    ),
    refusedField(
      'The key’s first request is still being processed',
      IDEMPOTENCY_MESSAGES.inProgress,
      'Idempotency-Key',
      'in_progress',
    ),
  ],
  WRITE_OUTCOME_UNKNOWN: [
    {
      summary: 'The database could not say whether the write was recorded',
      message: WriteOutcomeUnknown.MESSAGE,
    },
  ],
  INVALID_TOKEN: [
    refusedField(
      'The linking code is invalid, expired or used',
      'The linking token is invalid, expired or already used',
      'linking_token',
      'invalid',
    ),
  ],
};

/** The 403 of an endpoint that needs `scope`, as the access check words it. */
export const missingScope = (scope: string): ErrorExample => ({
  summary: 'The key lacks the scope',
  message: `This key lacks the scope ${scope}`,
  details: [{ field: 'scope', issue: 'missing', message: scope }],
});

/** The 400 of a POST whose `Idempotency-Key` is malformed. */
export const invalidIdempotencyKey: ErrorExample = refusedField(
  'Idempotency-Key is not 1 to 255 printable ASCII characters',
  IDEMPOTENCY_MESSAGES.invalid,
  'Idempotency-Key',
  'invalid',
);

/** The request id of the examples: `req_` and a ULID. */
export const EXAMPLE_REQUEST_ID = 'req_01JDQ8Z5W3K9M2N4P6R8T0V2X4';

/** `meta` as every example answer carries it. */
export const EXAMPLE_META = { api_version: 'v1', request_id: EXAMPLE_REQUEST_ID } as const;

/** The whole error body an example stands for. */
export function errorBody(code: ErrorCode, example: ErrorExample): object {
  return {
    error: { code, message: example.message, ...(example.details ? { details: example.details } : {}) },
    meta: EXAMPLE_META,
  };
}
