"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ApiError = exports.INTERNAL_ERROR_MESSAGE = exports.SERVICE_UNAVAILABLE_MESSAGE = exports.ACCOUNT_ERASED_MESSAGE = exports.ERROR_STATUS = void 0;
/** The stable error codes a client can see. `message` may change; the code is the contract. */
exports.ERROR_STATUS = {
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
};
/** What 410 ACCOUNT_ERASED says: the pilot asked for their account's erasure and it is under way. */
exports.ACCOUNT_ERASED_MESSAGE = 'This account is being erased; it can be used again once the erasure is complete';
/** What 503 SERVICE_UNAVAILABLE says: a database, Redis or Kafka did not answer. */
exports.SERVICE_UNAVAILABLE_MESSAGE = 'A service this request depends on is unavailable; try again shortly';
/** What 500 INTERNAL_ERROR says: a failure nobody foresaw, found in the logs by the request id. */
exports.INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred; quote the request id when you contact support';
/** An error meant for the client: a code from `ERROR_STATUS`, a human message, optional details and headers. */
class ApiError extends Error {
    code;
    details;
    headers;
    status;
    constructor(code, message, details, headers = {}) {
        super(message);
        this.code = code;
        this.details = details;
        this.headers = headers;
        this.name = 'ApiError';
        this.status = exports.ERROR_STATUS[code];
    }
}
exports.ApiError = ApiError;
//# sourceMappingURL=api-error.js.map