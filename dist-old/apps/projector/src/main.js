"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const platform_1 = require("../../../libs/platform/src/index.js");
const projector_module_1 = require("./projector.module");
/** The projector serves only health over HTTP (its metrics on their own port); it takes no bodies. */
(0, platform_1.runMain)('projector', (config) => (0, platform_1.startHttpApp)(projector_module_1.ProjectorModule, { name: 'projector', port: config.PROJECTOR_PORT, config, bodyLimit: 1024 }));
//# sourceMappingURL=main.js.map