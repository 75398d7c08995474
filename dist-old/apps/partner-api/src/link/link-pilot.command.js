"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LinkPilotCommand = void 0;
/** Redeem a pilot's linking code for the calling partner: the pilot's consent to be read. */
class LinkPilotCommand {
    partnerId;
    linkingToken;
    requestId;
    constructor(partnerId, linkingToken, requestId) {
        this.partnerId = partnerId;
        this.linkingToken = linkingToken;
        this.requestId = requestId;
    }
}
exports.LinkPilotCommand = LinkPilotCommand;
//# sourceMappingURL=link-pilot.command.js.map