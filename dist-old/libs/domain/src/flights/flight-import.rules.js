"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_IMPORT_FLIGHTS = void 0;
exports.parseFlightImport = parseFlightImport;
const body_reader_1 = require("../logbook/body-reader");
const flight_rules_1 = require("./flight.rules");
exports.MAX_IMPORT_FLIGHTS = 1000;
/** Checks `{ "flights": [...] }`: every problem of every flight, each at `flights[i]...`. */
function parseFlightImport(input, today) {
    const issues = [];
    const body = body_reader_1.BodyReader.object(issues, '', input);
    if (!body)
        return { ok: false, issues };
    body.onlyKnown(['flights']);
    const list = body.raw('flights');
    if (list === undefined)
        body.problem('flights', 'required', 'is required');
    else if (!Array.isArray(list))
        body.problem('flights', 'wrong_type', 'must be an array of flights');
    else if (list.length === 0)
        body.problem('flights', 'empty', 'must hold at least one flight');
    else if (list.length > exports.MAX_IMPORT_FLIGHTS) {
        body.problem('flights', 'too_many', `must hold at most ${exports.MAX_IMPORT_FLIGHTS} flights`);
    }
    if (issues.length > 0 || !Array.isArray(list))
        return { ok: false, issues };
    const flights = [];
    list.forEach((item, i) => {
        const parsed = (0, flight_rules_1.parseFlight)(item, today, `flights[${i}]`);
        if (parsed.ok)
            flights.push(parsed.value);
        else
            issues.push(...parsed.issues);
    });
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: flights };
}
//# sourceMappingURL=flight-import.rules.js.map