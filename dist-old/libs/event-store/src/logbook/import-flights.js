"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.importFlights = importFlights;
const contracts_1 = require("../../../contracts/src/index.js");
const domain_1 = require("../../../domain/src/index.js");
const logbook_answers_1 = require("./logbook-answers");
/**
 * Records flights a pilot's logbook imports: one transaction, one statement for the events and the
 * flights rows, so a thousand flights cost about what one does. The pilot app's import and
 * the sandbox's fixtures both write through it.
 */
function importFlights(pipeline, flightsRepository, command) {
    const { pilot, flights, requestId } = command;
    return pipeline.handle({
        streamId: (0, contracts_1.logbookStreamId)(pilot),
        metadata: { request_id: requestId },
        load: (tx) => flightsRepository.states(tx, pilot, flights.map((f) => f.flight_id)),
        decide: (states) => (0, logbook_answers_1.accepted)((0, domain_1.decideImportFlights)(states, pilot, flights)),
        projectFromAppended: (decided) => flightsRepository.insertRecorded(pilot, decided.events.map((e) => e.payload.flight)),
    });
}
//# sourceMappingURL=import-flights.js.map