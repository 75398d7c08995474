"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DisconnectSandboxPilotCommand = void 0;
/** The fixture pilot disconnects from the calling sandbox, as a pilot does in the pilot app. */
class DisconnectSandboxPilotCommand {
    partnerId;
    pilotId;
    requestId;
    constructor(partnerId, pilotId, requestId) {
        this.partnerId = partnerId;
        this.pilotId = pilotId;
        this.requestId = requestId;
    }
}
exports.DisconnectSandboxPilotCommand = DisconnectSandboxPilotCommand;
//# sourceMappingURL=disconnect-sandbox-pilot.command.js.map