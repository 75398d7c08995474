"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RecordFlightCommand = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Record a flight in the pilot's logbook; `body` is the request's, checked by the handler. */
class RecordFlightCommand extends cqrs_1.Command {
    pilot;
    body;
    requestId;
    constructor(pilot, body, requestId) {
        super();
        this.pilot = pilot;
        this.body = body;
        this.requestId = requestId;
    }
}
exports.RecordFlightCommand = RecordFlightCommand;
//# sourceMappingURL=record-flight.command.js.map