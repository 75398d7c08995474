"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const platform_1 = require("../../../libs/platform/src/index.js");
const webhooks_module_1 = require("./webhooks.module");
/** The webhook dispatcher serves only health over HTTP (its metrics on their own port); it takes no bodies. */
(0, platform_1.runMain)('webhooks', (config) => (0, platform_1.startHttpApp)(webhooks_module_1.WebhooksModule, { name: 'webhooks', port: config.WEBHOOKS_PORT, config, bodyLimit: 1024 }));
//# sourceMappingURL=main.js.map