"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.invalidToken = void 0;
const platform_1 = require("../../../../libs/platform/src/index.js");
/** One answer for a malformed, unknown, expired or used code, so a caller cannot tell them apart. */
const invalidToken = () => new platform_1.ApiError('INVALID_TOKEN', 'The linking token is invalid, expired or already used', [
    { field: 'linking_token', issue: 'invalid' },
]);
exports.invalidToken = invalidToken;
//# sourceMappingURL=invalid-token.js.map