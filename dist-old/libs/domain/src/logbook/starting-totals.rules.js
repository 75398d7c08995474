"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ZERO_STARTING_TOTALS = exports.MAX_STARTING_LANDINGS = exports.MAX_STARTING_FLIGHT_COUNT = exports.MAX_STARTING_MINUTES = void 0;
exports.parseStartingTotals = parseStartingTotals;
const contracts_1 = require("../../../contracts/src/index.js");
const ratings_1 = require("../ratings");
const body_reader_1 = require("./body-reader");
exports.MAX_STARTING_MINUTES = 6_000_000;
exports.MAX_STARTING_FLIGHT_COUNT = 100_000;
/** The contract names no bound for carried-over landings; this one keeps sums far from overflow. */
exports.MAX_STARTING_LANDINGS = 10_000_000;
exports.ZERO_STARTING_TOTALS = {
    totals: Object.fromEntries(contracts_1.ENTERED_TOTALS_FIELDS.map((f) => [f, 0])),
    landings: { total_day: 0, total_night: 0 },
    rating_breakdown: {},
    flight_count: 0,
};
/** Checks the starting totals a pilot entered and returns them with every absent field as 0. */
function parseStartingTotals(input) {
    const issues = [];
    const body = body_reader_1.BodyReader.object(issues, '', input);
    if (!body)
        return { ok: false, issues };
    body.onlyKnown(['totals', 'landings', 'rating_breakdown', 'flight_count']);
    const result = structuredClone(exports.ZERO_STARTING_TOTALS);
    const totals = body.object('totals', false);
    if (totals) {
        for (const key of totals.keys()) {
            if (key === 'ifr_minutes')
                totals.problem(key, 'not_allowed', 'is derived from the instrument minutes');
            else if (!contracts_1.ENTERED_TOTALS_FIELDS.includes(key)) {
                totals.problem(key, 'unknown_field', 'is not a known field');
            }
        }
        for (const field of contracts_1.ENTERED_TOTALS_FIELDS) {
            result.totals[field] = totals.integer(field, 0, exports.MAX_STARTING_MINUTES) ?? 0;
        }
    }
    const landings = body.object('landings', false);
    if (landings) {
        landings.onlyKnown(['total_day', 'total_night']);
        result.landings.total_day = landings.integer('total_day', 0, exports.MAX_STARTING_LANDINGS) ?? 0;
        result.landings.total_night = landings.integer('total_night', 0, exports.MAX_STARTING_LANDINGS) ?? 0;
    }
    const breakdown = body.object('rating_breakdown', false);
    if (breakdown) {
        for (const key of breakdown.keys()) {
            if (!(0, ratings_1.isAirplaneRatingKey)(key)) {
                breakdown.problem(key, 'unknown_rating', 'is not a key of the rating catalog');
                continue;
            }
            const minutes = breakdown.integer(key, 0, exports.MAX_STARTING_MINUTES);
            if (minutes !== undefined && minutes > 0)
                result.rating_breakdown[key] = minutes;
        }
    }
    result.flight_count = body.integer('flight_count', 0, exports.MAX_STARTING_FLIGHT_COUNT) ?? 0;
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: result };
}
//# sourceMappingURL=starting-totals.rules.js.map