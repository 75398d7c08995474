"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AmendFlightCommand = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Replace a recorded flight with `body`, the full flight as the request sent it. */
class AmendFlightCommand extends cqrs_1.Command {
    pilot;
    flightId;
    body;
    requestId;
    constructor(pilot, flightId, body, requestId) {
        super();
        this.pilot = pilot;
        this.flightId = flightId;
        this.body = body;
        this.requestId = requestId;
    }
}
exports.AmendFlightCommand = AmendFlightCommand;
//# sourceMappingURL=amend-flight.command.js.map