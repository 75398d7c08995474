"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SandboxLogbook = void 0;
const node_util_1 = require("node:util");
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../libs/domain/src/index.js");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
/** Flights per append, as the pilot app's import takes them: a thousand cost about what one does. */
const FLIGHTS_PER_APPEND = 1000;
/**
 * A sandbox pilot's logbook, written the way the pilot app writes a pilot's: the same decisions, the one
 * write pipeline (events, outbox and the write-side tables in one transaction), then the relay, Kafka and
 * the projector. So a sandbox pilot's totals are computed exactly as a live pilot's are.
 */
class SandboxLogbook {
    pipeline;
    flights = new event_store_1.FlightsRepository();
    startingTotals = new event_store_1.StartingTotalsRepository();
    constructor(pipeline) {
        this.pipeline = pipeline;
    }
    /**
     * Records whatever of the fixture the pilot's logbook lacks: its starting totals and its flights.
     * Idempotent: what is already recorded as the fixture has it is left alone.
     */
    async recordFixture(pilot, fixture, requestId) {
        const starting = fixture.startingTotals;
        if (starting) {
            await this.pipeline.handle({
                streamId: (0, contracts_1.logbookStreamId)(pilot),
                metadata: { request_id: requestId },
                load: (tx) => this.startingTotals.find(tx, pilot),
                decide: (current) => ({
                    events: (0, node_util_1.isDeepStrictEqual)(current, starting) ? [] : (0, domain_1.decideSetStartingTotals)(pilot, starting),
                }),
                project: async (tx, decided) => {
                    if (decided.events.length > 0)
                        await this.startingTotals.save(tx, pilot, starting);
                },
            });
        }
        for (let i = 0; i < fixture.flights.length; i += FLIGHTS_PER_APPEND) {
            const flights = fixture.flights.slice(i, i + FLIGHTS_PER_APPEND);
            await (0, event_store_1.importFlights)(this.pipeline, this.flights, { pilot, flights, requestId });
        }
    }
    /** One flight, as `POST /pilot/v1/flights` records it: `created` false when the same flight was sent again. */
    recordFlight(pilot, flight, requestId) {
        return (0, event_store_1.recordFlight)(this.pipeline, this.flights, { pilot, flight, requestId });
    }
    /** Back to the fixture: every flight the fixture does not hold is deleted, then what it holds is recorded. */
    async resetToFixture(pilot, fixture, requestId) {
        const fixtureIds = new Set(fixture.flights.map((f) => f.flight_id));
        await this.pipeline.handle({
            streamId: (0, contracts_1.logbookStreamId)(pilot),
            metadata: { request_id: requestId },
            load: (tx) => this.flights.current(tx, pilot),
            decide: (current) => {
                const extra = current.filter((f) => !fixtureIds.has(f.flight_id));
                return {
                    events: extra.flatMap((flight) => (0, event_store_1.accepted)((0, domain_1.decideDeleteFlight)({ flight, deleted: false }, pilot)).events),
                    extra,
                };
            },
            project: async (tx, decided) => {
                for (const flight of decided.extra)
                    await this.flights.markDeleted(tx, pilot, flight.flight_id);
            },
        });
        await this.recordFixture(pilot, fixture, requestId);
    }
}
exports.SandboxLogbook = SandboxLogbook;
//# sourceMappingURL=sandbox-logbook.js.map