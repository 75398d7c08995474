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
exports.ResetSandboxPilotHandler = void 0;
const cqrs_1 = require("@nestjs/cqrs");
const typeorm_1 = require("typeorm");
const domain_1 = require("../../../../../libs/domain/src/index.js");
const sandbox_logbook_1 = require("../sandbox-logbook");
const sandbox_pilots_repository_1 = require("../sandbox-pilots.repository");
const reset_sandbox_pilot_command_1 = require("./reset-sandbox-pilot.command");
/**
 * In place, through the write path: the `pilot_id` stays, the simulated flights are deleted by
 * FlightDeleted events, and the totals follow through the projector as any deletion's do.
 */
let ResetSandboxPilotHandler = class ResetSandboxPilotHandler {
    dataSource;
    logbook;
    sandboxPilots = new sandbox_pilots_repository_1.SandboxPilotsRepository();
    constructor(dataSource, logbook) {
        this.dataSource = dataSource;
        this.logbook = logbook;
    }
    async execute({ partnerId, pilotId, requestId, }) {
        const pilot = await this.sandboxPilots.ofPilotId(this.dataSource, partnerId, pilotId);
        const fixture = (0, domain_1.sandboxFixture)(pilot.fixture);
        await this.logbook.resetToFixture(pilot.pilotAccountId, fixture, requestId);
        return { pilot_id: pilotId, fixture: fixture.code };
    }
};
exports.ResetSandboxPilotHandler = ResetSandboxPilotHandler;
exports.ResetSandboxPilotHandler = ResetSandboxPilotHandler = __decorate([
    (0, cqrs_1.CommandHandler)(reset_sandbox_pilot_command_1.ResetSandboxPilotCommand),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        sandbox_logbook_1.SandboxLogbook])
], ResetSandboxPilotHandler);
//# sourceMappingURL=reset-sandbox-pilot.handler.js.map