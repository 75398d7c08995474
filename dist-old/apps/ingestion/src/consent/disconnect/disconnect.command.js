"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DisconnectCommand = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** End one of the pilot's connections: that partner may no longer read the pilot. */
class DisconnectCommand extends cqrs_1.Command {
    pilot;
    connectionId;
    requestId;
    constructor(pilot, connectionId, requestId) {
        super();
        this.pilot = pilot;
        this.connectionId = connectionId;
        this.requestId = requestId;
    }
}
exports.DisconnectCommand = DisconnectCommand;
//# sourceMappingURL=disconnect.command.js.map