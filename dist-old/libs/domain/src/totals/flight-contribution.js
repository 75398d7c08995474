"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.totalsFieldOf = void 0;
exports.factsOf = factsOf;
exports.zeroTotals = zeroTotals;
exports.zeroSums = zeroSums;
exports.countedRatingKey = countedRatingKey;
exports.addFlight = addFlight;
exports.addStartingTotals = addStartingTotals;
const contracts_1 = require("../../../contracts/src/index.js");
const TOTAL_FLIGHT_TIME = contracts_1.FLIGHT_MINUTE_FIELDS.indexOf('total_flight_time');
const SIMULATOR = contracts_1.FLIGHT_MINUTE_FIELDS.indexOf('simulator');
/** `pic` -> `pic_minutes`: the thirteen flight minutes fields are the entered totals fields. */
const totalsFieldOf = (field) => `${field}_minutes`;
exports.totalsFieldOf = totalsFieldOf;
/** `totalsFieldOf` of each minutes field, in FLIGHT_MINUTE_FIELDS order: the fold adds many flights. */
const TOTALS_FIELD_AT = contracts_1.FLIGHT_MINUTE_FIELDS.map(exports.totalsFieldOf);
function factsOf(flight) {
    return {
        date: flight.date,
        kind: flight.kind,
        category: flight.aircraft.category,
        rating_key: flight.aircraft.rating_key ?? null,
        minutes: contracts_1.FLIGHT_MINUTE_FIELDS.map((f) => flight.minutes[f]),
        landings_day: flight.landings.day,
        landings_night: flight.landings.night,
    };
}
function zeroTotals() {
    return Object.fromEntries(contracts_1.ENTERED_TOTALS_FIELDS.map((f) => [f, 0]));
}
function zeroSums() {
    return { totals: zeroTotals(), total_day: 0, total_night: 0, flight_count: 0, rating_breakdown: {} };
}
/** The rating key a record's flight time counts under, or null when it counts under none. */
function countedRatingKey(facts) {
    return facts.kind === 'flight' && facts.category === 'airplane' ? facts.rating_key : null;
}
/**
 * Adds (`sign` 1) or takes back (`sign` -1) one record's contribution, into `sums` in place.
 * A simulator session counts only in `simulator_minutes`: its other fields are 0 by validation,
 * and taking only that one keeps a session that slipped through from counting as flying.
 */
function addFlight(sums, facts, sign) {
    if (facts.kind === 'simulator') {
        sums.totals.simulator_minutes += sign * (facts.minutes[SIMULATOR] ?? 0);
        return;
    }
    for (let i = 0; i < TOTALS_FIELD_AT.length; i += 1) {
        sums.totals[TOTALS_FIELD_AT[i]] += sign * (facts.minutes[i] ?? 0);
    }
    sums.total_day += sign * facts.landings_day;
    sums.total_night += sign * facts.landings_night;
    sums.flight_count += sign;
    const key = countedRatingKey(facts);
    if (key !== null) {
        sums.rating_breakdown[key] =
            (sums.rating_breakdown[key] ?? 0) + sign * (facts.minutes[TOTAL_FLIGHT_TIME] ?? 0);
    }
}
/** Adds or takes back a whole set of starting totals, into `sums` in place. */
function addStartingTotals(sums, starting, sign) {
    for (const field of contracts_1.ENTERED_TOTALS_FIELDS)
        sums.totals[field] += sign * starting.totals[field];
    sums.total_day += sign * starting.landings.total_day;
    sums.total_night += sign * starting.landings.total_night;
    sums.flight_count += sign * starting.flight_count;
    for (const [key, minutes] of Object.entries(starting.rating_breakdown)) {
        sums.rating_breakdown[key] = (sums.rating_breakdown[key] ?? 0) + sign * minutes;
    }
}
//# sourceMappingURL=flight-contribution.js.map