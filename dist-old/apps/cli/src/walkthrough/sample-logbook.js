"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SAMPLE_STARTING_TOTALS = void 0;
exports.sampleLogbook = sampleLogbook;
const uniformFloat64_1 = require("pure-rand/distribution/uniformFloat64");
const mersenne_1 = require("pure-rand/generator/mersenne");
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const ZERO_MINUTES = (0, contracts_1.zeroFlightMinutes)();
const AIRPORTS = [
    'EDDF',
    'EDFE',
    'EDFM',
    'EDDS',
    'EDDM',
    'LOWW',
    'LSZH',
    'EHAM',
    'EGLL',
    'LFPG',
    'EDDK',
    'EDLP',
];
const pick = (items, rnd) => items[Math.floor(rnd() * items.length)];
const route = (rnd) => {
    const departure = pick(AIRPORTS, rnd);
    let arrival = pick(AIRPORTS, rnd);
    if (arrival === departure)
        arrival = 'EDFE';
    return { departure, arrival };
};
/** A pilot's career: training on a single-engine piston, some twin time, then an airline type. */
const PHASES = [
    {
        count: 60,
        make: (i, rnd) => {
            const total = 40 + Math.floor(rnd() * 50);
            const solo = i > 25;
            return {
                kind: 'flight',
                aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABC' },
                ...route(rnd),
                minutes: {
                    ...ZERO_MINUTES,
                    total_flight_time: total,
                    pic: solo ? total : 0,
                    dual: solo ? 0 : total,
                    single_engine: total,
                    cross_country: i % 3 === 0 ? total : 0,
                    simulated_instrument: i % 5 === 0 ? Math.min(20, total) : 0,
                },
                landings: { day: 1 + Math.floor(rnd() * 4), night: 0 },
            };
        },
    },
    {
        count: 25,
        make: (i, rnd) => {
            const total = 60 + Math.floor(rnd() * 90);
            const night = i % 4 === 0 ? Math.floor(total / 2) : 0;
            return {
                kind: 'flight',
                aircraft: { category: 'airplane', rating_key: 'mep_land', registration: 'D-GABC' },
                ...route(rnd),
                minutes: {
                    ...ZERO_MINUTES,
                    total_flight_time: total,
                    pic: total,
                    multi_engine: total,
                    cross_country: total,
                    night,
                    actual_instrument: i % 3 === 0 ? 30 : 0,
                },
                landings: { day: night ? 0 : 1, night: night ? 1 : 0 },
            };
        },
    },
    {
        count: 12,
        make: () => ({
            kind: 'simulator',
            aircraft: { category: 'airplane', rating_key: 'type_a320' },
            minutes: { ...ZERO_MINUTES, simulator: 240 },
            landings: { day: 0, night: 0 },
            remarks: 'type rating training, full flight simulator',
        }),
    },
    {
        count: 180,
        make: (i, rnd) => {
            const total = 70 + Math.floor(rnd() * 240);
            const night = i % 3 === 0 ? Math.floor(total * 0.6) : 0;
            const pic = i > 120 && i % 2 === 0;
            return {
                kind: 'flight',
                aircraft: { category: 'airplane', rating_key: 'type_a320', registration: 'D-AIAB' },
                ...route(rnd),
                minutes: {
                    ...ZERO_MINUTES,
                    total_flight_time: total,
                    pic: pic ? total : 0,
                    sic: pic ? 0 : total,
                    multi_engine: total,
                    multi_pilot: total,
                    cross_country: total,
                    night,
                    actual_instrument: Math.min(total, 15 + Math.floor(rnd() * 30)),
                },
                landings: { day: i % 2 === 0 && !night ? 1 : 0, night: i % 2 === 0 && night ? 1 : 0 },
            };
        },
    },
    {
        count: 15,
        make: (_, rnd) => {
            const total = 30 + Math.floor(rnd() * 60);
            return {
                kind: 'flight',
                aircraft: { category: 'helicopter', registration: 'D-HABC' },
                ...route(rnd),
                minutes: { ...ZERO_MINUTES, total_flight_time: total, dual: total, single_engine: total },
                landings: { day: 2, night: 0 },
            };
        },
    },
    {
        count: 20,
        make: (_, rnd) => {
            const total = 20 + Math.floor(rnd() * 180);
            return {
                kind: 'flight',
                aircraft: { category: 'sailplane', registration: 'D-1234' },
                minutes: { ...ZERO_MINUTES, total_flight_time: total, pic: total },
                landings: { day: 1, night: 0 },
            };
        },
    },
];
function uuidFrom(rnd) {
    const hex = Array.from({ length: 32 }, () => Math.floor(rnd() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}
/** About 300 flights, oldest first, ending `endDate` (a `YYYY-MM-DD`), one to three days apart. */
function sampleLogbook(endDate, seed = 20261122) {
    // Seeded, so every walkthrough tells the same story.
    const rng = (0, mersenne_1.mersenne)(seed);
    const rnd = () => (0, uniformFloat64_1.uniformFloat64)(rng);
    const records = PHASES.flatMap((phase) => Array.from({ length: phase.count }, (_, i) => phase.make(i, rnd)));
    let day = Date.parse(`${endDate}T00:00:00Z`) - records.length * 2 * 86_400_000;
    return records.map((record) => {
        day += (1 + Math.floor(rnd() * 2)) * 86_400_000;
        return { flight_id: uuidFrom(rnd), date: new Date(day).toISOString().slice(0, 10), ...record };
    });
}
/** Hours carried over from a paper logbook. */
exports.SAMPLE_STARTING_TOTALS = {
    totals: {
        total_flight_time_minutes: 3_000,
        pic_minutes: 1_200,
        sic_minutes: 0,
        dual_minutes: 1_800,
        instructor_minutes: 0,
        cross_country_minutes: 600,
        night_minutes: 120,
        actual_instrument_minutes: 0,
        simulated_instrument_minutes: 180,
        single_engine_minutes: 3_000,
        multi_engine_minutes: 0,
        multi_pilot_minutes: 0,
        simulator_minutes: 0,
    },
    landings: { total_day: 150, total_night: 6 },
    rating_breakdown: { sep_land: 2_400, tmg: 600 },
    flight_count: 120,
};
//# sourceMappingURL=sample-logbook.js.map