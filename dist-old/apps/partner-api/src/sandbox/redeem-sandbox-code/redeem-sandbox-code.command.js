"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedeemSandboxCodeCommand = void 0;
/** Redeem one of the sandbox's documented codes for the calling partner's sandbox: links its fixture pilot. */
class RedeemSandboxCodeCommand {
    partnerId;
    linkingToken;
    requestId;
    constructor(
    /** The partner's sandbox account. */
    partnerId, linkingToken, requestId) {
        this.partnerId = partnerId;
        this.linkingToken = linkingToken;
        this.requestId = requestId;
    }
}
exports.RedeemSandboxCodeCommand = RedeemSandboxCodeCommand;
//# sourceMappingURL=redeem-sandbox-code.command.js.map