"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ResetSandboxPilotCommand = void 0;
/** Puts one of the calling sandbox's fixture pilots back to the fixture: its simulated flights are deleted. */
class ResetSandboxPilotCommand {
    partnerId;
    pilotId;
    requestId;
    constructor(partnerId, pilotId, requestId) {
        this.partnerId = partnerId;
        this.pilotId = pilotId;
        this.requestId = requestId;
    }
}
exports.ResetSandboxPilotCommand = ResetSandboxPilotCommand;
//# sourceMappingURL=reset-sandbox-pilot.command.js.map