"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.rowsOf = void 0;
exports.readPilotTotals = readPilotTotals;
const contracts_1 = require("../../contracts/src/index.js");
const domain_1 = require("../../domain/src/index.js");
const rows_of_1 = require("../../platform/src/database/rows-of.js");
const projection_tables_1 = require("./projection-tables");
var rows_of_2 = require("../../platform/src/database/rows-of.js");
Object.defineProperty(exports, "rowsOf", { enumerable: true, get: function () { return rows_of_2.rowsOf; } });
const READ_SQL = `select * from ${projection_tables_1.ACTIVE_TOTALS_VIEW} where pilot_account_id = any($1::uuid[])`;
/**
 * Reads the active version of the pilot totals projection for up to a few dozen pilots in one
 * query. A pilot without a projected row is absent from the map. Ids are matched in lower case.
 */
async function readPilotTotals(queryable, pilotAccountIds) {
    const result = new Map();
    if (pilotAccountIds.length === 0)
        return result;
    const rows = (0, rows_of_1.rowsOf)(await queryable.query(READ_SQL, [pilotAccountIds.map((id) => id.toLowerCase())]));
    for (const row of rows)
        result.set(row.pilot_account_id, { totals: toPilotTotals(row), lastUpdated: row.last_updated });
    return result;
}
function toPilotTotals(row) {
    const sums = {
        totals: Object.fromEntries(contracts_1.ENTERED_TOTALS_FIELDS.map((f) => [f, Number(row[f])])),
        total_day: Number(row.total_day),
        total_night: Number(row.total_night),
        flight_count: Number(row.flight_count),
        rating_breakdown: Object.fromEntries(Object.entries(row.rating_breakdown).map(([key, minutes]) => [key, Number(minutes)])),
    };
    return (0, domain_1.pilotTotalsOf)(sums, row.last_flight_date === null ? null : `${row.last_flight_date}T00:00:00.000Z`);
}
//# sourceMappingURL=pilot-totals.read-model.js.map