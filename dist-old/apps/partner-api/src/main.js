"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const platform_1 = require("../../../libs/platform/src/index.js");
const partner_api_app_1 = require("./partner-api.app");
(0, platform_1.runMain)('partner-api', async (config) => (0, platform_1.serveHttpApp)(await (0, partner_api_app_1.createPartnerApi)(config), {
    name: 'partner-api',
    port: config.PARTNER_API_PORT,
    config,
}));
//# sourceMappingURL=main.js.map