"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ERROR_EXAMPLES = exports.INVALID_STARTING_TOTALS = exports.CONFLICTING_IMPORT = exports.INVALID_IMPORT = exports.INVALID_FLIGHT = void 0;
exports.errorBody = errorBody;
const platform_1 = require("../../../../libs/platform/src/index.js");
const openapi_docs_1 = require("../../../../libs/platform/src/http/openapi-docs.js");
const pilot_app_examples_1 = require("./pilot-app.examples");
/**
 * Examples of the pilot app API's error answers, shown with each operation: those of one operation's
 * bad input, and those whose wording does not depend on the operation. Their messages are the ones the
 * code answers with, so they cannot drift from what the API really says.
 */
/** The 400 of a flight body: what a flight whose parts exceed its whole is answered. */
exports.INVALID_FLIGHT = [
    {
        summary: 'A part of the flight exceeds its total',
        message: 'minutes.pic must be at most total_flight_time',
        details: [{ field: 'minutes.pic', issue: 'exceeds_total', message: 'must be at most total_flight_time' }],
    },
];
exports.INVALID_IMPORT = [
    {
        summary: 'One flight of the import is wrong',
        message: 'flights[1].minutes.simulator must be from 0 to 1440',
        details: [
            { field: 'flights[1].minutes.simulator', issue: 'out_of_range', message: 'must be from 0 to 1440' },
        ],
    },
];
exports.CONFLICTING_IMPORT = [
    {
        summary: 'A flight id was used for another flight',
        message: 'some flight ids were already recorded differently',
        details: [
            { field: 'flights[0].flight_id', issue: 'conflict', message: 'was already recorded differently' },
        ],
    },
];
exports.INVALID_STARTING_TOTALS = [
    {
        summary: 'ifr_minutes sent',
        message: 'totals.ifr_minutes is derived from the instrument minutes',
        details: [
            {
                field: 'totals.ifr_minutes',
                issue: 'not_allowed',
                message: 'is derived from the instrument minutes',
            },
        ],
    },
];
/** Errors whose wording does not depend on the operation. */
exports.ERROR_EXAMPLES = {
    UNAUTHORIZED: [
        { summary: 'No token', message: 'A pilot token is required: Authorization: Bearer <token>' },
        { summary: 'Expired or badly signed', message: 'The pilot token is not valid' },
    ],
    FLIGHT_NOT_FOUND: [{ summary: 'Unknown or deleted flight', message: 'no such flight' }],
    CONNECTION_NOT_FOUND: [{ summary: 'Unknown or ended connection', message: 'no such connection' }],
    ACCOUNT_ERASED: [
        {
            summary: 'The account is being erased',
            message: platform_1.ACCOUNT_ERASED_MESSAGE,
        },
    ],
    CONFLICT: [
        {
            summary: 'The flight id was used for another flight',
            message: 'flight 7c9e6679-7425-40de-944b-e07fc1f90ae7 was already recorded differently',
        },
    ],
    RATE_LIMITED: [
        { summary: 'Too many open linking codes', message: 'at most 10 unexpired linking codes at a time' },
    ],
    ...openapi_docs_1.SERVER_ERROR_EXAMPLES,
    WRITE_OUTCOME_UNKNOWN: [
        {
            summary: 'The database could not say whether the write was recorded',
            message: platform_1.WriteOutcomeUnknown.MESSAGE,
        },
    ],
};
/** The whole error body an example stands for. */
function errorBody(code, example) {
    return {
        error: { code, message: example.message, ...(example.details ? { details: example.details } : {}) },
        meta: pilot_app_examples_1.EXAMPLE_META,
    };
}
//# sourceMappingURL=pilot-app.error-examples.js.map