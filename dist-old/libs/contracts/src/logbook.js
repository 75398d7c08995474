"use strict";
/** The shapes of the pilot app's logbook records, as they travel in events. */
Object.defineProperty(exports, "__esModule", { value: true });
exports.ENTERED_TOTALS_FIELDS = exports.TOTALS_FIELDS = exports.FLIGHT_KINDS = exports.AIRCRAFT_CATEGORIES = exports.FLIGHT_MINUTE_FIELDS = void 0;
exports.zeroFlightMinutes = zeroFlightMinutes;
exports.FLIGHT_MINUTE_FIELDS = [
    'total_flight_time',
    'pic',
    'sic',
    'dual',
    'instructor',
    'cross_country',
    'night',
    'actual_instrument',
    'simulated_instrument',
    'single_engine',
    'multi_engine',
    'multi_pilot',
    'simulator',
];
/** Every minutes field at 0: what a flight's absent fields are recorded as. */
function zeroFlightMinutes() {
    return Object.fromEntries(exports.FLIGHT_MINUTE_FIELDS.map((field) => [field, 0]));
}
exports.AIRCRAFT_CATEGORIES = ['airplane', 'helicopter', 'sailplane', 'other'];
exports.FLIGHT_KINDS = ['flight', 'simulator'];
/** The fourteen totals of the partner API's 2.4.1, as `<field>_minutes`. */
exports.TOTALS_FIELDS = [
    'total_flight_time_minutes',
    'pic_minutes',
    'sic_minutes',
    'dual_minutes',
    'instructor_minutes',
    'cross_country_minutes',
    'night_minutes',
    'ifr_minutes',
    'actual_instrument_minutes',
    'simulated_instrument_minutes',
    'single_engine_minutes',
    'multi_engine_minutes',
    'multi_pilot_minutes',
    'simulator_minutes',
];
exports.ENTERED_TOTALS_FIELDS = exports.TOTALS_FIELDS.filter((f) => f !== 'ifr_minutes');
//# sourceMappingURL=logbook.js.map