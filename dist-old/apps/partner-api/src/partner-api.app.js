"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PARTNER_API_BODY_LIMIT = void 0;
exports.createPartnerApi = createPartnerApi;
const platform_1 = require("../../../libs/platform/src/index.js");
const partner_unrouted_requests_1 = require("./auth/partner-unrouted-requests");
const openapi_document_1 = require("./openapi/openapi.document");
const partner_api_module_1 = require("./partner-api.module");
/** The partner API v1; only `POST /v1/link` carries a body, at most 1 KB. */
exports.PARTNER_API_BODY_LIMIT = 1024;
/** The partner API, built but not listening: `main.ts` listens, tests call `init`. */
async function createPartnerApi(config, options = {}) {
    const app = await (0, platform_1.createHttpApp)(partner_api_module_1.PartnerApiModule, {
        name: 'partner-api',
        port: config.PARTNER_API_PORT,
        config,
        bodyLimit: exports.PARTNER_API_BODY_LIMIT,
        unroutedRequests: partner_unrouted_requests_1.PartnerUnroutedRequests,
    });
    if (options.serveDocs !== false)
        (0, openapi_document_1.serveOpenApi)(app);
    return app;
}
//# sourceMappingURL=partner-api.app.js.map