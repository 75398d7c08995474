"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DeleteFlightCommand = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Delete a flight: it no longer counts, and its id cannot be recorded again. */
class DeleteFlightCommand extends cqrs_1.Command {
    pilot;
    flightId;
    requestId;
    constructor(pilot, flightId, requestId) {
        super();
        this.pilot = pilot;
        this.flightId = flightId;
        this.requestId = requestId;
    }
}
exports.DeleteFlightCommand = DeleteFlightCommand;
//# sourceMappingURL=delete-flight.command.js.map