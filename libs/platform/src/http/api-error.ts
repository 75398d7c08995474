/** One problem with a request, pointing at the field it concerns. */
export interface ErrorDetail {
  field: string;
  issue: string;
  message?: string;
}

/**
 * The stable error codes that belong to no part of the business, and the status each is answered
 * with. `message` may change; the code is the contract. Each part of the business declares its own
 * codes in its `domain/errors.ts`, and an app registers those of the parts it uses (`errorCodes`).
 */
export const PLATFORM_ERRORS = {
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** A conditional request (If-Match, If-Unmodified-Since) whose condition the file served does not meet. */
  PRECONDITION_FAILED: 412,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  WRITE_OUTCOME_UNKNOWN: 503,
} as const;

export type PlatformErrorCode = keyof typeof PLATFORM_ERRORS;

/**
 * The codes of the parts of the business, as types: each library adds those of its `domain/errors.ts`
 * here (a `declare module` beside its entry point), so an ApiError names only a declared code.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface BusinessErrorCodes {}

/** A code a client can see: the platform's or one a part of the business declares. */
export type ErrorCode = PlatformErrorCode | keyof BusinessErrorCodes;

/** What 503 SERVICE_UNAVAILABLE says: a database, Redis or Kafka did not answer. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'A service this request depends on is unavailable; try again shortly';

/** What 500 INTERNAL_ERROR says: a failure nobody foresaw, found in the logs by the request id. */
export const INTERNAL_ERROR_MESSAGE =
  'An unexpected error occurred; quote the request id when you contact support';

/**
 * An error meant for the client: a code, a human message, optional details and headers. Its status is
 * the one its code is registered with (ErrorCodes), looked up by the error filter.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
