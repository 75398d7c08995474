"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.minutesOf = void 0;
exports.fixtureRandom = fixtureRandom;
exports.dateAfter = dateAfter;
exports.flightSeries = flightSeries;
const uniformFloat64_1 = require("pure-rand/distribution/uniformFloat64");
const uniformInt_1 = require("pure-rand/distribution/uniformInt");
const mersenne_1 = require("pure-rand/generator/mersenne");
const contracts_1 = require("../../../contracts/src/index.js");
function fixtureRandom(seed) {
    const rng = (0, mersenne_1.mersenne)(seed);
    const next = () => (0, uniformFloat64_1.uniformFloat64)(rng);
    const int = (min, max) => (0, uniformInt_1.uniformInt)(rng, min, max);
    const hex = (digits) => Array.from({ length: digits }, () => int(0, 15).toString(16)).join('');
    return {
        next,
        int,
        pick: (items) => items[int(0, items.length - 1)],
        uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
    };
}
const DAY_MS = 86_400_000;
/** The calendar date `days` after `start` (`YYYY-MM-DD`, UTC). */
function dateAfter(start, days) {
    return new Date(Date.parse(`${start}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
const minutesOf = (given) => ({
    ...(0, contracts_1.zeroFlightMinutes)(),
    ...given,
});
exports.minutesOf = minutesOf;
/** `count` flights made by `make`, one every `everyDays` (give or take) from `start`, with seeded ids. */
function flightSeries(random, options, make) {
    const flights = [];
    let day = 0;
    for (let i = 0; i < options.count; i++) {
        day += random.int(options.everyDays[0], options.everyDays[1]);
        flights.push({ flight_id: random.uuid(), date: dateAfter(options.start, day), ...make(i) });
    }
    return flights;
}
//# sourceMappingURL=fixture-flights.js.map