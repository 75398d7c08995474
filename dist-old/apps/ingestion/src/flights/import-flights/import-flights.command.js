"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ImportFlightsCommand = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Import a logbook of up to 1,000 flights, all or nothing; `body` is the request's. */
class ImportFlightsCommand extends cqrs_1.Command {
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
exports.ImportFlightsCommand = ImportFlightsCommand;
//# sourceMappingURL=import-flights.command.js.map