"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PILOT_APP_SCHEMAS = void 0;
const pilot_app_privacy_schemas_1 = require("./pilot-app-privacy.schemas");
const pilot_app_schemas_1 = require("./pilot-app.schemas");
/** Every schema the description names, for its `components`. */
exports.PILOT_APP_SCHEMAS = {
    ...Object.fromEntries([
        pilot_app_schemas_1.STORED_FLIGHT,
        pilot_app_schemas_1.FLIGHT_BODY,
        pilot_app_schemas_1.IMPORT_BODY,
        pilot_app_schemas_1.IMPORTED,
        pilot_app_schemas_1.FLIGHTS_PAGE,
        pilot_app_schemas_1.STARTING_TOTALS,
        pilot_app_schemas_1.STARTING_TOTALS_BODY,
        pilot_app_schemas_1.OWN_TOTALS,
        pilot_app_schemas_1.LINKING_CODE,
        pilot_app_schemas_1.CONNECTIONS,
        pilot_app_privacy_schemas_1.ACCESS_HISTORY,
        pilot_app_privacy_schemas_1.PILOT_EXPORT,
        pilot_app_privacy_schemas_1.ACCOUNT_STATUS,
    ].map((named) => [named.name, named.schema])),
    Meta: pilot_app_schemas_1.META,
    ErrorDetail: pilot_app_schemas_1.ERROR_DETAIL,
    Error: pilot_app_schemas_1.ERROR,
    ErrorResponse: {
        type: 'object',
        description: 'The body of every error answer',
        required: ['error', 'meta'],
        properties: {
            error: { $ref: '#/components/schemas/Error' },
            meta: { $ref: '#/components/schemas/Meta' },
        },
    },
};
//# sourceMappingURL=pilot-app.components.js.map