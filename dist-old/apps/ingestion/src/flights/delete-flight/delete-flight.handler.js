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
exports.DeleteFlightHandler = void 0;
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const cqrs_1 = require("@nestjs/cqrs");
const contracts_1 = require("../../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const event_store_2 = require("../../../../../libs/event-store/src/index.js");
const event_store_3 = require("../../../../../libs/event-store/src/index.js");
const delete_flight_command_1 = require("./delete-flight.command");
let DeleteFlightHandler = class DeleteFlightHandler {
    pipeline;
    flights;
    constructor(pipeline, flights) {
        this.pipeline = pipeline;
        this.flights = flights;
    }
    async execute({ pilot, flightId, requestId }) {
        const id = flightId.toLowerCase();
        await this.pipeline.handle({
            streamId: (0, contracts_1.logbookStreamId)(pilot),
            metadata: { request_id: requestId },
            load: (tx) => ((0, domain_1.isUuid)(flightId) ? this.flights.state(tx, pilot, id) : Promise.resolve(undefined)),
            decide: (state) => (0, event_store_1.accepted)((0, domain_1.decideDeleteFlight)(state, pilot)),
            project: (tx) => this.flights.markDeleted(tx, pilot, id),
        });
    }
};
exports.DeleteFlightHandler = DeleteFlightHandler;
exports.DeleteFlightHandler = DeleteFlightHandler = __decorate([
    (0, cqrs_1.CommandHandler)(delete_flight_command_1.DeleteFlightCommand),
    __metadata("design:paramtypes", [event_store_2.CommandPipeline,
        event_store_3.FlightsRepository])
], DeleteFlightHandler);
//# sourceMappingURL=delete-flight.handler.js.map