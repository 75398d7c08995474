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
exports.SimulateFlightHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const sandbox_logbook_1 = require("../sandbox-logbook");
const sandbox_pilots_repository_1 = require("../sandbox-pilots.repository");
const today_1 = require("../today");
const simulate_flight_command_1 = require("./simulate-flight.command");
/** Validation (400) before lookup (404), as on every endpoint; then the pilot app's own write path. */
let SimulateFlightHandler = class SimulateFlightHandler {
    dataSource;
    logbook;
    sandboxPilots = new sandbox_pilots_repository_1.SandboxPilotsRepository();
    constructor(dataSource, logbook) {
        this.dataSource = dataSource;
        this.logbook = logbook;
    }
    async execute({ partnerId, pilotId, body, requestId, }) {
        const parsed = (0, domain_1.parseFlight)(body, (0, today_1.todayUtc)());
        if (!parsed.ok)
            throw (0, event_store_1.invalidRequest)(parsed.issues);
        const pilot = await this.sandboxPilots.ofPilotId(this.dataSource, partnerId, pilotId);
        return this.logbook.recordFlight(pilot.pilotAccountId, parsed.value, requestId);
    }
};
exports.SimulateFlightHandler = SimulateFlightHandler;
exports.SimulateFlightHandler = SimulateFlightHandler = __decorate([
    (0, cqrs_1.CommandHandler)(simulate_flight_command_1.SimulateFlightCommand),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        sandbox_logbook_1.SandboxLogbook])
], SimulateFlightHandler);
//# sourceMappingURL=simulate-flight.handler.js.map