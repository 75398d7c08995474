"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.computeTotals = computeTotals;
const flight_contribution_1 = require("./flight-contribution");
const pilot_totals_fold_1 = require("./pilot-totals.fold");
/**
 * A pilot's totals from scratch, from the current flights (recorded, not deleted, latest
 * amendment) and the current starting totals: what `GET /pilot/v1/totals` answers from the
 * write-side tables. Same rules, same result as folding the pilot's events.
 */
function computeTotals(currentFlights, startingTotals) {
    const sums = (0, flight_contribution_1.zeroSums)();
    const facts = currentFlights.map(flight_contribution_1.factsOf);
    for (const f of facts)
        (0, flight_contribution_1.addFlight)(sums, f, 1);
    if (startingTotals)
        (0, flight_contribution_1.addStartingTotals)(sums, startingTotals, 1);
    return (0, pilot_totals_fold_1.pilotTotalsOf)(sums, (0, pilot_totals_fold_1.lastFlightDateOf)(facts));
}
//# sourceMappingURL=compute-totals.js.map