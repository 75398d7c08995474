"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SetStartingTotalsCommand = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Replace the pilot's starting totals with `body`, the request's. */
class SetStartingTotalsCommand extends cqrs_1.Command {
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
exports.SetStartingTotalsCommand = SetStartingTotalsCommand;
//# sourceMappingURL=set-starting-totals.command.js.map