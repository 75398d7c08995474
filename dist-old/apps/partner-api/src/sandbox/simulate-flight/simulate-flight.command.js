"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SimulateFlightCommand = void 0;
/** Record a flight for one of the calling sandbox's fixture pilots, as the pilot app would. */
class SimulateFlightCommand {
    partnerId;
    pilotId;
    body;
    requestId;
    constructor(partnerId, pilotId, body, requestId) {
        this.partnerId = partnerId;
        this.pilotId = pilotId;
        this.body = body;
        this.requestId = requestId;
    }
}
exports.SimulateFlightCommand = SimulateFlightCommand;
//# sourceMappingURL=simulate-flight.command.js.map