"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pilotJwtVerifierProvider = void 0;
const platform_1 = require("../../../../libs/platform/src/index.js");
const pilot_jwt_1 = require("../../../../libs/access/src/pilot-auth/pilot-jwt.js");
exports.pilotJwtVerifierProvider = {
    provide: pilot_jwt_1.PilotJwtVerifier,
    inject: [platform_1.AppConfig],
    useFactory: (config) => (0, pilot_jwt_1.pilotJwtVerifierFor)(config),
};
//# sourceMappingURL=pilot-jwt.provider.js.map