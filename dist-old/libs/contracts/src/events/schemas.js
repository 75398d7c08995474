"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EVENT_MESSAGE_SCHEMA = exports.EVENT_PAYLOAD_SCHEMAS = exports.STARTING_TOTALS_SCHEMA = exports.FLIGHT_SCHEMA = void 0;
const logbook_1 = require("../logbook");
const uuid = { type: 'string', format: 'uuid' };
const timestamp = { type: 'string', format: 'date-time' };
const minutes = (max) => ({ type: 'integer', minimum: 0, maximum: max });
const closedObject = (properties, required = Object.keys(properties)) => ({
    type: 'object',
    additionalProperties: false,
    required,
    properties,
});
exports.FLIGHT_SCHEMA = closedObject({
    flight_id: uuid,
    date: { type: 'string', format: 'date' },
    kind: { enum: [...logbook_1.FLIGHT_KINDS] },
    aircraft: closedObject({
        category: { enum: [...logbook_1.AIRCRAFT_CATEGORIES] },
        rating_key: { type: 'string', minLength: 1, maxLength: 64 },
        registration: { type: 'string', maxLength: 10 },
    }, ['category']),
    departure: { type: 'string', pattern: '^[A-Za-z0-9]{3,4}$' },
    arrival: { type: 'string', pattern: '^[A-Za-z0-9]{3,4}$' },
    minutes: closedObject(Object.fromEntries(logbook_1.FLIGHT_MINUTE_FIELDS.map((f) => [f, minutes(1440)]))),
    landings: closedObject({ day: minutes(99), night: minutes(99) }),
    remarks: { type: 'string', maxLength: 500 },
}, ['flight_id', 'date', 'kind', 'aircraft', 'minutes', 'landings']);
exports.STARTING_TOTALS_SCHEMA = closedObject({
    totals: closedObject(Object.fromEntries(logbook_1.ENTERED_TOTALS_FIELDS.map((f) => [f, minutes(6_000_000)]))),
    landings: closedObject({ total_day: minutes(10_000_000), total_night: minutes(10_000_000) }),
    rating_breakdown: { type: 'object', additionalProperties: minutes(6_000_000) },
    flight_count: minutes(100_000),
});
exports.EVENT_PAYLOAD_SCHEMAS = {
    FlightRecorded: { 1: closedObject({ pilot_account_id: uuid, flight: exports.FLIGHT_SCHEMA }) },
    FlightAmended: { 1: closedObject({ pilot_account_id: uuid, flight: exports.FLIGHT_SCHEMA }) },
    FlightDeleted: { 1: closedObject({ pilot_account_id: uuid, flight_id: uuid }) },
    StartingTotalsSet: { 1: closedObject({ pilot_account_id: uuid, starting_totals: exports.STARTING_TOTALS_SCHEMA }) },
    AccountErased: { 1: closedObject({ pilot_account_id: uuid, erased_at: timestamp }) },
    LinkingCodeIssued: {
        1: closedObject({
            pilot_account_id: uuid,
            code_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
            expires_at: timestamp,
        }),
    },
    PilotLinked: {
        1: closedObject({ pilot_account_id: uuid, partner_id: uuid, connection_id: uuid, linked_at: timestamp }),
    },
    PilotDisconnected: {
        1: closedObject({
            pilot_account_id: uuid,
            partner_id: uuid,
            connection_id: uuid,
            disconnected_at: timestamp,
        }),
    },
};
/** The message around every payload (see event-message.ts). */
exports.EVENT_MESSAGE_SCHEMA = closedObject({
    event_id: uuid,
    type: { enum: Object.keys(exports.EVENT_PAYLOAD_SCHEMAS) },
    version: { type: 'integer', minimum: 1 },
    stream_id: { type: 'string', minLength: 1 },
    stream_version: { type: 'integer', minimum: 1 },
    position: { type: 'string', pattern: '^[0-9]+$' },
    pilot_account_id: uuid,
    occurred_at: timestamp,
    payload: { type: 'object' },
    metadata: { type: 'object' },
}, [
    'event_id',
    'type',
    'version',
    'stream_id',
    'stream_version',
    'position',
    'pilot_account_id',
    'occurred_at',
    'payload',
    'metadata',
]);
//# sourceMappingURL=schemas.js.map