"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const platform_1 = require("../../../../libs/platform/src/index.js");
const openapi_docs_1 = require("../../../../libs/platform/src/http/openapi-docs.js");
const partner_api_app_1 = require("../partner-api.app");
const openapi_document_1 = require("./openapi.document");
/**
 * Writes the partner API's OpenAPI description to `docs/openapi.json` (or the path given):
 * `node dist/apps/partner-api/src/openapi/write-openapi.js [path]`. Nothing is listened on and no
 * request is made; the app is only built to read its routes.
 */
async function writeOpenApi(target) {
    const app = await (0, partner_api_app_1.createPartnerApi)((0, platform_1.loadConfig)(), { serveDocs: false });
    try {
        (0, node_fs_1.writeFileSync)(target, (0, openapi_docs_1.serializeOpenApi)((0, openapi_document_1.buildOpenApiDocument)(app)));
        process.stdout.write(`wrote ${target}\n`);
    }
    finally {
        await app.close();
    }
}
writeOpenApi((0, node_path_1.resolve)(process.argv[2] ?? 'docs/openapi.json')).catch((err) => {
    process.stderr.write(`write-openapi: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
});
//# sourceMappingURL=write-openapi.js.map