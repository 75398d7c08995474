"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EXAMPLE_META = exports.EXAMPLE_REQUEST_ID = exports.invalidIdempotencyKey = exports.missingScope = exports.COMMON_ERROR_EXAMPLES = void 0;
exports.errorBody = errorBody;
const openapi_docs_1 = require("../../../../libs/platform/src/http/openapi-docs.js");
const idempotency_key_1 = require("../idempotency/idempotency-key");
/**
 * The error answers every partner endpoint can give, in the words the code uses, so the
 * description shows what a client really receives. Codes whose message depends on the endpoint
 * (`INVALID_REQUEST`, `INSUFFICIENT_SCOPE`) are given by the endpoint itself.
 */
exports.COMMON_ERROR_EXAMPLES = {
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
    ...openapi_docs_1.SERVER_ERROR_EXAMPLES,
    PILOT_NOT_FOUND: [
        {
            summary: 'The pilot is not linked to the caller',
            message: 'No pilot with this pilot_id is linked to you',
        },
    ],
    IDEMPOTENCY_CONFLICT: [
        {
            summary: 'The key was used with another request',
            message: idempotency_key_1.IDEMPOTENCY_MESSAGES.reused,
            details: [{ field: 'Idempotency-Key', issue: 'reused' }],
        },
        {
            summary: 'The key’s first request is still being processed',
            message: idempotency_key_1.IDEMPOTENCY_MESSAGES.inProgress,
            details: [{ field: 'Idempotency-Key', issue: 'in_progress' }],
        },
    ],
    INVALID_TOKEN: [
        {
            summary: 'The linking code is invalid, expired or used',
            message: 'The linking token is invalid, expired or already used',
            details: [{ field: 'linking_token', issue: 'invalid' }],
        },
    ],
};
/** The 403 of an endpoint that needs `scope`, as the access check words it. */
const missingScope = (scope) => ({
    summary: 'The key lacks the scope',
    message: `This key lacks the scope ${scope}`,
    details: [{ field: 'scope', issue: 'missing', message: scope }],
});
exports.missingScope = missingScope;
/** The 400 of a POST whose `Idempotency-Key` is malformed. */
exports.invalidIdempotencyKey = {
    summary: 'Idempotency-Key is not 1 to 255 printable ASCII characters',
    message: idempotency_key_1.IDEMPOTENCY_MESSAGES.invalid,
    details: [{ field: 'Idempotency-Key', issue: 'invalid' }],
};
/** The request id of the examples: `req_` and a ULID. */
exports.EXAMPLE_REQUEST_ID = 'req_01JDQ8Z5W3K9M2N4P6R8T0V2X4';
/** `meta` as every example answer carries it. */
exports.EXAMPLE_META = { api_version: 'v1', request_id: exports.EXAMPLE_REQUEST_ID };
/** The whole error body an example stands for. */
function errorBody(code, example) {
    return {
        error: { code, message: example.message, ...(example.details ? { details: example.details } : {}) },
        meta: exports.EXAMPLE_META,
    };
}
//# sourceMappingURL=error-examples.js.map