"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RequestId = exports.CurrentPilot = void 0;
const common_1 = require("@nestjs/common");
const platform_1 = require("../../../../libs/platform/src/index.js");
/** The authenticated pilot account id (set by the pilot auth hook). */
exports.CurrentPilot = (0, common_1.createParamDecorator)((_data, context) => {
    const pilot = (0, platform_1.httpRequestOf)(context).pilotAccountId;
    if (!pilot)
        throw new Error('pilot route reached without authentication');
    return pilot;
});
/** The request id, recorded in each event's metadata. */
exports.RequestId = (0, common_1.createParamDecorator)((_data, context) => (0, platform_1.httpRequestOf)(context).id);
//# sourceMappingURL=current-pilot.decorator.js.map