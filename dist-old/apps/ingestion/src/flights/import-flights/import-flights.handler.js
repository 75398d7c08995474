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
exports.ImportFlightsHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const today_1 = require("../today");
const import_flights_command_1 = require("./import-flights.command");
/** A logbook import (importFlights: one transaction, one statement for the events and the flights). */
let ImportFlightsHandler = class ImportFlightsHandler {
    pipeline;
    flights;
    constructor(pipeline, flights) {
        this.pipeline = pipeline;
        this.flights = flights;
    }
    async execute({ pilot, body, requestId }) {
        const parsed = (0, domain_1.parseFlightImport)(body, (0, today_1.todayUtc)());
        if (!parsed.ok)
            throw (0, event_store_1.invalidRequest)(parsed.issues);
        const flights = parsed.value;
        await (0, event_store_1.importFlights)(this.pipeline, this.flights, { pilot, flights, requestId });
        return { imported: flights.length };
    }
};
exports.ImportFlightsHandler = ImportFlightsHandler;
exports.ImportFlightsHandler = ImportFlightsHandler = __decorate([
    (0, cqrs_1.CommandHandler)(import_flights_command_1.ImportFlightsCommand),
    __metadata("design:paramtypes", [event_store_1.CommandPipeline,
        event_store_1.FlightsRepository])
], ImportFlightsHandler);
//# sourceMappingURL=import-flights.handler.js.map