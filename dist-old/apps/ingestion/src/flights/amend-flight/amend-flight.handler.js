"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AmendFlightHandler = void 0;
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const cqrs_1 = require("@nestjs/cqrs");
const contracts_1 = require("../../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const event_store_2 = require("../../../../../libs/event-store/src/index.js");
const event_store_3 = require("../../../../../libs/event-store/src/index.js");
const today_1 = require("../today");
const amend_flight_command_1 = require("./amend-flight.command");
let AmendFlightHandler = class AmendFlightHandler {
    pipeline;
    flights;
    constructor(pipeline, flights) {
        this.pipeline = pipeline;
        this.flights = flights;
    }
    async execute({ pilot, flightId, body, requestId }) {
        const parsed = (0, domain_1.parseFlight)(body, (0, today_1.todayUtc)());
        if (!parsed.ok)
            throw (0, event_store_1.invalidRequest)(parsed.issues);
        const flight = parsed.value;
        const decision = await this.pipeline.handle({
            streamId: (0, contracts_1.logbookStreamId)(pilot),
            metadata: { request_id: requestId },
            load: (tx) => (0, domain_1.isUuid)(flightId) ? this.flights.state(tx, pilot, flightId.toLowerCase()) : Promise.resolve(undefined),
            decide: (state) => (0, event_store_1.accepted)((0, domain_1.decideAmendFlight)(state, pilot, flightId, flight)),
            project: async (tx, decided) => {
                if (decided.events.length > 0)
                    await this.flights.save(tx, pilot, flight);
            },
        });
        return decision.events.length === 0 ? (decision.flight ?? flight) : flight;
    }
};
exports.AmendFlightHandler = AmendFlightHandler;
exports.AmendFlightHandler = AmendFlightHandler = __decorate([
    (0, cqrs_1.CommandHandler)(amend_flight_command_1.AmendFlightCommand),
    __metadata("design:paramtypes", [event_store_2.CommandPipeline,
        event_store_3.FlightsRepository])
], AmendFlightHandler);
//# sourceMappingURL=amend-flight.handler.js.map