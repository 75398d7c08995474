"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EraseAccountCommand = void 0;
const cqrs_1 = require("@nestjs/cqrs");
/** Erase the pilot's account: every connection ended, every piece of the pilot's data made unreadable or deleted. */
class EraseAccountCommand extends cqrs_1.Command {
    pilot;
    requestId;
    constructor(pilot, requestId) {
        super();
        this.pilot = pilot;
        this.requestId = requestId;
    }
}
exports.EraseAccountCommand = EraseAccountCommand;
//# sourceMappingURL=erase-account.command.js.map