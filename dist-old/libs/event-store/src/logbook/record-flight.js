"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.recordFlight = recordFlight;
const contracts_1 = require("../../../contracts/src/index.js");
const domain_1 = require("../../../domain/src/index.js");
const logbook_answers_1 = require("./logbook-answers");
/**
 * Records one flight a pilot logs: its FlightRecorded and its flights row in one transaction. The same
 * flight sent again records nothing (`created` false, with the flight as it stands); a known id sent
 * with other content, or a deleted one, is refused as a conflict (decideRecordFlight). The common case, a
 * flight id not seen before, goes in one statement (one round trip, no lock); a replay, a conflict or a
 * concurrent append to the pilot's stream goes the locked way. The pilot app's POST and the sandbox's
 * simulated flights both write through it.
 */
async function recordFlight(pipeline, flightsRepository, command) {
    const { pilot, flight, requestId } = command;
    const decision = await pipeline.handle({
        streamId: (0, contracts_1.logbookStreamId)(pilot),
        metadata: { request_id: requestId },
        guess: { state: undefined, guard: () => flightsRepository.insertIfNew(pilot, flight) },
        load: (tx) => flightsRepository.state(tx, pilot, flight.flight_id),
        decide: (state) => (0, logbook_answers_1.accepted)((0, domain_1.decideRecordFlight)(state, pilot, flight)),
        project: async (tx, decided) => {
            if (decided.events.length > 0)
                await flightsRepository.save(tx, pilot, flight);
        },
    });
    return decision.events.length === 0
        ? { flight: decision.flight ?? flight, created: false }
        : { flight, created: true };
}
//# sourceMappingURL=record-flight.js.map