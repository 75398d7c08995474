"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const node_path_1 = require("node:path");
const platform_1 = require("../../../libs/platform/src/index.js");
const ingestion_app_1 = require("./ingestion-app");
(0, platform_1.runMain)('ingestion', async (config) => 
// The build puts the pilot web app beside this app: dist/apps/pilot-web.
(0, platform_1.serveHttpApp)(await (0, ingestion_app_1.createIngestionApp)(config, { pilotWebDir: (0, node_path_1.join)(__dirname, '..', '..', 'pilot-web') }), {
    name: 'ingestion',
    port: config.INGESTION_PORT,
    config,
}));
//# sourceMappingURL=main.js.map