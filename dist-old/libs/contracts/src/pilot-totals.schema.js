"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PILOT_TOTALS_PROPERTIES = void 0;
exports.totalsAnswerSchema = totalsAnswerSchema;
const logbook_1 = require("./logbook");
const minutes = { type: 'integer', minimum: 0 };
/** `PilotTotals`: section 2.4 of the partner API without `pilot_id` and `last_updated`, in its order. */
exports.PILOT_TOTALS_PROPERTIES = {
    totals: {
        type: 'object',
        additionalProperties: false,
        required: [...logbook_1.TOTALS_FIELDS],
        properties: Object.fromEntries(logbook_1.TOTALS_FIELDS.map((field) => [field, minutes])),
    },
    landings: {
        type: 'object',
        additionalProperties: false,
        required: ['total_day', 'total_night'],
        properties: { total_day: minutes, total_night: minutes },
    },
    rating_breakdown: {
        type: 'object',
        description: 'Minutes per rating key of the rating dictionary; keys without minutes are left out',
        additionalProperties: minutes,
    },
    flight_count: minutes,
    last_flight_date: {
        type: ['string', 'null'],
        description: 'The latest flight date as `YYYY-MM-DDT00:00:00.000Z`; null without flights',
    },
};
/** An object of `first` then the totals properties, every property required. */
function totalsAnswerSchema(first) {
    const properties = { ...first, ...exports.PILOT_TOTALS_PROPERTIES };
    return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}
//# sourceMappingURL=pilot-totals.schema.js.map