"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isConsentRejection = void 0;
exports.consentError = consentError;
const platform_1 = require("../../../../libs/platform/src/index.js");
const isConsentRejection = (value) => typeof value === 'object' && value !== null && 'rejected' in value;
exports.isConsentRejection = isConsentRejection;
function consentError(rejection, headers = {}) {
    return new platform_1.ApiError(rejection.rejected, rejection.message, undefined, headers);
}
//# sourceMappingURL=consent-rejection.js.map