"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.IssueLinkingCodeCommand = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Issue the pilot a one-time linking code to give a partner. */
class IssueLinkingCodeCommand extends cqrs_1.Command {
    pilot;
    requestId;
    constructor(pilot, requestId) {
        super();
        this.pilot = pilot;
        this.requestId = requestId;
    }
}
exports.IssueLinkingCodeCommand = IssueLinkingCodeCommand;
//# sourceMappingURL=issue-linking-code.command.js.map