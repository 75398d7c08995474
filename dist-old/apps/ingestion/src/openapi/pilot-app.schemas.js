"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.enveloped = exports.ERROR_BODY = exports.ERROR = exports.ERROR_DETAIL = exports.META = exports.CONNECTIONS = exports.LINKING_CODE = exports.OWN_TOTALS = exports.STARTING_TOTALS_BODY = exports.STARTING_TOTALS = exports.FLIGHTS_PAGE = exports.IMPORTED = exports.IMPORT_BODY = exports.FLIGHT_BODY = exports.STORED_FLIGHT = exports.timestamp = exports.uuid = exports.ref = void 0;
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const pilot_app_error_examples_1 = require("./pilot-app.error-examples");
const pilot_app_examples_1 = require("./pilot-app.examples");
/** `$ref` to a named schema. */
const ref = (named) => ({ $ref: `#/components/schemas/${named.name}` });
exports.ref = ref;
exports.uuid = { type: 'string', format: 'uuid' };
exports.timestamp = { type: 'string', format: 'date-time' };
const flightProperties = contracts_1.FLIGHT_SCHEMA.properties;
/** A flight as stored and answered: every minutes field present. */
exports.STORED_FLIGHT = {
    name: 'Flight',
    schema: { ...contracts_1.FLIGHT_SCHEMA, description: 'A flight or simulator session as stored' },
    example: pilot_app_examples_1.FLIGHT_EXAMPLE,
};
/** A flight as sent: minutes and landings fields may be left out (0), and landings as a whole too. */
exports.FLIGHT_BODY = {
    name: 'FlightInput',
    schema: {
        ...contracts_1.FLIGHT_SCHEMA,
        description: 'A flight or simulator session as sent; a missing minutes or landings field is 0',
        required: (contracts_1.FLIGHT_SCHEMA.required ?? []).filter((f) => f !== 'landings'),
        properties: {
            ...flightProperties,
            minutes: {
                ...flightProperties.minutes,
                required: [],
                description: 'Whole minutes, 0 to 1440 each; a missing field is 0. `ifr` is derived, never sent.',
            },
            landings: {
                ...flightProperties.landings,
                required: [],
                description: 'Day and night landings, 0 to 99 each; a missing field (or all of `landings`) is 0.',
            },
        },
    },
    example: pilot_app_examples_1.FLIGHT_INPUT_EXAMPLE,
    rejections: { INVALID_REQUEST: pilot_app_error_examples_1.INVALID_FLIGHT },
};
exports.IMPORT_BODY = {
    name: 'FlightImport',
    schema: {
        type: 'object',
        description: 'A logbook to import: 1 to 1,000 flights, recorded all or none',
        additionalProperties: false,
        required: ['flights'],
        properties: { flights: { type: 'array', minItems: 1, maxItems: 1000, items: (0, exports.ref)(exports.FLIGHT_BODY) } },
    },
    example: pilot_app_examples_1.FLIGHT_IMPORT_EXAMPLE,
    rejections: { INVALID_REQUEST: pilot_app_error_examples_1.INVALID_IMPORT, CONFLICT: pilot_app_error_examples_1.CONFLICTING_IMPORT },
};
exports.IMPORTED = {
    name: 'FlightImportResult',
    schema: {
        type: 'object',
        description: 'How many flights the import held, all now recorded',
        required: ['imported'],
        properties: { imported: { type: 'integer', minimum: 1 } },
    },
    example: pilot_app_examples_1.FLIGHT_IMPORT_RESULT_EXAMPLE,
};
exports.FLIGHTS_PAGE = {
    name: 'FlightPage',
    schema: {
        type: 'object',
        description: 'One page of the pilot’s flights, newest date first',
        required: ['flights', 'next_cursor'],
        properties: {
            flights: { type: 'array', items: (0, exports.ref)(exports.STORED_FLIGHT) },
            next_cursor: { type: ['string', 'null'], description: 'null on the last page' },
        },
    },
    example: pilot_app_examples_1.FLIGHT_PAGE_EXAMPLE,
};
/** Starting totals as stored and answered. */
exports.STARTING_TOTALS = {
    name: 'StartingTotals',
    schema: { ...contracts_1.STARTING_TOTALS_SCHEMA, description: 'Hours carried over from an earlier logbook' },
    example: pilot_app_examples_1.STARTING_TOTALS_EXAMPLE,
};
const startingProperties = contracts_1.STARTING_TOTALS_SCHEMA.properties;
/** Starting totals as sent: every field may be left out (0); `rating_breakdown` keys are airplane keys. */
exports.STARTING_TOTALS_BODY = {
    name: 'StartingTotalsInput',
    schema: {
        ...contracts_1.STARTING_TOTALS_SCHEMA,
        description: 'Hours carried over from an earlier logbook, as sent; a missing field is 0',
        required: [],
        properties: {
            ...startingProperties,
            totals: { ...startingProperties.totals, required: [] },
            landings: { ...startingProperties.landings, required: [] },
        },
    },
    example: pilot_app_examples_1.STARTING_TOTALS_INPUT_EXAMPLE,
    rejections: { INVALID_REQUEST: pilot_app_error_examples_1.INVALID_STARTING_TOTALS },
};
exports.OWN_TOTALS = {
    name: 'OwnTotals',
    schema: {
        ...(0, contracts_1.totalsAnswerSchema)({
            last_updated: { ...exports.timestamp, description: 'The time of the read: computed live from the write side' },
        }),
        description: 'The pilot’s totals: starting totals and every current flight',
    },
    example: pilot_app_examples_1.OWN_TOTALS_EXAMPLE,
};
exports.LINKING_CODE = {
    name: 'LinkingCode',
    schema: {
        type: 'object',
        description: 'A one-time code for a partner to link the pilot with',
        required: ['linking_token', 'expires_at'],
        properties: {
            linking_token: { type: 'string', description: 'The one-time code to give a partner' },
            expires_at: exports.timestamp,
        },
    },
    example: pilot_app_examples_1.LINKING_CODE_EXAMPLE,
};
exports.CONNECTIONS = {
    name: 'ConnectionList',
    schema: {
        type: 'object',
        description: 'The partners the pilot is linked to',
        required: ['connections'],
        properties: {
            connections: {
                type: 'array',
                items: {
                    type: 'object',
                    required: ['connection_id', 'partner', 'linked_at'],
                    properties: {
                        connection_id: { ...exports.uuid, description: 'The pilot_id this partner holds' },
                        partner: {
                            type: 'object',
                            required: ['id', 'name'],
                            properties: { id: exports.uuid, name: { type: 'string' } },
                        },
                        linked_at: exports.timestamp,
                    },
                },
            },
        },
    },
    example: pilot_app_examples_1.CONNECTION_LIST_EXAMPLE,
};
exports.META = {
    type: 'object',
    description: 'On every answer, success or error',
    required: ['api_version', 'request_id'],
    properties: {
        api_version: { const: 'v1' },
        request_id: { type: 'string', pattern: '^req_', description: '`req_` and a ULID; also `X-Request-Id`' },
    },
};
exports.ERROR_DETAIL = {
    type: 'object',
    description: 'One problem with the request, pointing at the field it concerns',
    required: ['field', 'issue'],
    properties: { field: { type: 'string' }, issue: { type: 'string' }, message: { type: 'string' } },
};
exports.ERROR = {
    type: 'object',
    description: 'What went wrong: `code` is the contract, `message` is for humans and may change',
    required: ['code', 'message'],
    properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: { type: 'array', items: { $ref: '#/components/schemas/ErrorDetail' } },
    },
};
/** The body of every error answer. */
exports.ERROR_BODY = { $ref: '#/components/schemas/ErrorResponse' };
/** `{ data, meta }` around `data`. */
const enveloped = (data) => ({
    type: 'object',
    required: ['data', 'meta'],
    properties: { data: (0, exports.ref)(data), meta: { $ref: '#/components/schemas/Meta' } },
});
exports.enveloped = enveloped;
//# sourceMappingURL=pilot-app.schemas.js.map