"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const platform_1 = require("../../../../libs/platform/src/index.js");
const openapi_docs_1 = require("../../../../libs/platform/src/http/openapi-docs.js");
const ingestion_app_1 = require("../ingestion-app");
const pilot_app_openapi_1 = require("./pilot-app.openapi");
/**
 * Writes the pilot app API's OpenAPI description to `docs/pilot-app-openapi.json` (or the path given):
 * `node dist/apps/ingestion/src/openapi/write-pilot-app-openapi.js [path]`. Nothing is listened on;
 * the app is only built to read its routes (it connects to its database and broker as it starts).
 */
async function writeOpenApi(target) {
    const app = await (0, ingestion_app_1.createIngestionApp)((0, platform_1.loadConfig)({ ...process.env, RELAY_ENABLED: 'false' }), {
        serveDocs: false,
    });
    try {
        (0, node_fs_1.writeFileSync)(target, (0, openapi_docs_1.serializeOpenApi)((0, pilot_app_openapi_1.buildPilotAppOpenApi)(app)));
        process.stdout.write(`wrote ${target}\n`);
    }
    finally {
        await app.close();
    }
}
writeOpenApi((0, node_path_1.resolve)(process.argv[2] ?? 'docs/pilot-app-openapi.json')).catch((err) => {
    process.stderr.write(`write-pilot-app-openapi: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
});
//# sourceMappingURL=write-pilot-app-openapi.js.map