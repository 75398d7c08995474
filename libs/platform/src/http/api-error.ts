/** One problem with a request, pointing at the field it concerns. */
export interface ErrorDetail {
  field: string;
  issue: string;
  message?: string;
}

/** The stable error codes a client can see. `message` may change; the code is the contract. */
export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  INVALID_TOKEN: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_SCOPE: 403,
  NOT_FOUND: 404,
  PILOT_NOT_FOUND: 404,
  FLIGHT_NOT_FOUND: 404,
  CONNECTION_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  ACCOUNT_ERASED: 410,
  IDEMPOTENCY_CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  WRITE_OUTCOME_UNKNOWN: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** What 410 ACCOUNT_ERASED says: the pilot asked for their account's erasure and it is under way. */
export const ACCOUNT_ERASED_MESSAGE =
  'This account is being erased; it can be used again once the erasure is complete';

/** What 503 SERVICE_UNAVAILABLE says: a database, Redis or Kafka did not answer. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'A service this request depends on is unavailable; try again shortly';

/** What 500 INTERNAL_ERROR says: a failure nobody foresaw, found in the logs by the request id. */
export const INTERNAL_ERROR_MESSAGE =
  'An unexpected error occurred; quote the request id when you contact support';

/** An error meant for the client: a code from `ERROR_STATUS`, a human message, optional details and headers. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }
}
