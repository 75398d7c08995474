"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ACCOUNT_STATUS = exports.PILOT_EXPORT = exports.ACCESS_HISTORY = void 0;
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const pilot_app_examples_1 = require("./pilot-app.examples");
const pilot_app_schemas_1 = require("./pilot-app.schemas");
/** The schemas of what the pilot holds rights over: the access history, the export, the account. */
const partnerRef = {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: pilot_app_schemas_1.uuid, name: { type: 'string' } },
};
const accessHistorySchema = {
    type: 'object',
    required: ['partners'],
    properties: {
        partners: {
            type: 'array',
            description: 'Partners by name',
            items: {
                type: 'object',
                required: ['partner', 'events', 'reads'],
                properties: {
                    partner: partnerRef,
                    events: {
                        type: 'array',
                        description: 'Links and disconnects, newest first',
                        items: {
                            type: 'object',
                            required: ['type', 'at'],
                            properties: { type: { enum: ['linked', 'disconnected'] }, at: pilot_app_schemas_1.timestamp },
                        },
                    },
                    reads: {
                        type: 'array',
                        description: 'Reads of the pilot’s totals per UTC day, newest first; days without reads left out',
                        items: {
                            type: 'object',
                            required: ['date', 'count', 'last_at'],
                            properties: {
                                date: { type: 'string', format: 'date' },
                                count: { type: 'integer', minimum: 1 },
                                last_at: { ...pilot_app_schemas_1.timestamp, description: 'The last read of the day' },
                            },
                        },
                    },
                },
            },
        },
    },
};
exports.ACCESS_HISTORY = {
    name: 'AccessHistory',
    schema: {
        ...accessHistorySchema,
        description: 'Who read the pilot’s totals, and when; links and disconnects',
    },
    example: pilot_app_examples_1.ACCESS_HISTORY_EXAMPLE,
};
const exportedEvent = (types) => ({
    type: 'object',
    required: ['event_id', 'type', 'version', 'stream_version', 'occurred_at', 'payload'],
    properties: {
        event_id: pilot_app_schemas_1.uuid,
        type: { enum: types },
        version: { type: 'integer', description: 'The payload’s version (older ones are shown upcast)' },
        stream_version: { type: 'integer', minimum: 1 },
        occurred_at: pilot_app_schemas_1.timestamp,
        payload: { type: 'object', description: 'As in the event catalog, docs/events.md' },
    },
});
exports.PILOT_EXPORT = {
    name: 'PilotExport',
    schema: {
        type: 'object',
        description: 'Everything the service holds about the pilot',
        required: [
            'exported_at',
            'account',
            'flights',
            'logbook_events',
            'starting_totals',
            'connections',
            'consent_events',
            'access_history',
        ],
        properties: {
            exported_at: pilot_app_schemas_1.timestamp,
            account: { type: 'object', required: ['id'], properties: { id: pilot_app_schemas_1.uuid } },
            flights: {
                type: 'array',
                description: 'Current flights, newest date first',
                items: (0, pilot_app_schemas_1.ref)(pilot_app_schemas_1.STORED_FLIGHT),
            },
            logbook_events: {
                type: 'array',
                description: 'Every change of the logbook, oldest first',
                items: exportedEvent(contracts_1.LOGBOOK_EVENT_TYPES),
            },
            starting_totals: { oneOf: [(0, pilot_app_schemas_1.ref)(pilot_app_schemas_1.STARTING_TOTALS), { type: 'null' }] },
            connections: {
                type: 'array',
                description: 'Every connection to a partner, ended ones too, oldest first',
                items: {
                    type: 'object',
                    required: ['connection_id', 'partner', 'linked_at', 'disconnected_at'],
                    properties: {
                        connection_id: {
                            ...pilot_app_schemas_1.uuid,
                            description: 'The pilot_id the partner holds (held, once disconnected)',
                        },
                        partner: partnerRef,
                        linked_at: pilot_app_schemas_1.timestamp,
                        disconnected_at: { ...pilot_app_schemas_1.timestamp, type: ['string', 'null'] },
                    },
                },
            },
            consent_events: {
                type: 'array',
                description: 'Linking codes issued (hashes only), links and disconnects, oldest first',
                items: exportedEvent(contracts_1.CONSENT_EVENT_TYPES),
            },
            access_history: { ...accessHistorySchema, description: 'All of it held' },
        },
    },
    example: pilot_app_examples_1.PILOT_EXPORT_EXAMPLE,
};
/** GET and DELETE /pilot/v1/account. */
exports.ACCOUNT_STATUS = {
    name: 'AccountStatus',
    schema: {
        type: 'object',
        description: 'active: the account is in use (or was never used). erasing: an erasure was asked for and is under way; until it completes every other request of the pilot answers 410 ACCOUNT_ERASED',
        additionalProperties: false,
        required: ['status'],
        properties: { status: { enum: ['active', 'erasing'] } },
    },
    example: { status: 'erasing' },
};
//# sourceMappingURL=pilot-app-privacy.schemas.js.map