"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SandboxModule = void 0;
const common_1 = require("@nestjs/common");
const access_1 = require("../../../../libs/access/src/index.js");
const access_module_1 = require("../auth/access.module");
const disconnect_sandbox_pilot_handler_1 = require("./disconnect-sandbox-pilot/disconnect-sandbox-pilot.handler");
const redeem_sandbox_code_handler_1 = require("./redeem-sandbox-code/redeem-sandbox-code.handler");
const reset_sandbox_pilot_handler_1 = require("./reset-sandbox-pilot/reset-sandbox-pilot.handler");
const sandbox_pipeline_provider_1 = require("./sandbox-pipeline.provider");
const sandbox_pilots_controller_1 = require("./sandbox-pilots.controller");
const simulate_flight_handler_1 = require("./simulate-flight/simulate-flight.handler");
/**
 * The sandbox: its linking codes (redeemed through `POST /v1/link` with a sandbox key) and the simulation
 * endpoints `/v1/sandbox/pilots/{pilot_id}/...`, for sandbox keys only.
 */
let SandboxModule = class SandboxModule {
};
exports.SandboxModule = SandboxModule;
exports.SandboxModule = SandboxModule = __decorate([
    (0, common_1.Module)({
        imports: [access_module_1.AccessModule, access_1.PartnerReadsModule],
        controllers: [sandbox_pilots_controller_1.SandboxPilotsController],
        providers: [
            ...sandbox_pipeline_provider_1.sandboxPipelineProviders,
            redeem_sandbox_code_handler_1.RedeemSandboxCodeHandler,
            simulate_flight_handler_1.SimulateFlightHandler,
            disconnect_sandbox_pilot_handler_1.DisconnectSandboxPilotHandler,
            reset_sandbox_pilot_handler_1.ResetSandboxPilotHandler,
        ],
    })
], SandboxModule);
//# sourceMappingURL=sandbox.module.js.map