"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createIngestionApp = createIngestionApp;
const platform_1 = require("../../../libs/platform/src/index.js");
const pilot_auth_guard_1 = require("./auth/pilot-auth.guard");
const body_limits_1 = require("./http/body-limits");
const ingestion_module_1 = require("./ingestion.module");
const pilot_app_openapi_1 = require("./openapi/pilot-app.openapi");
const serve_pilot_web_1 = require("./pilot-web/serve-pilot-web");
const test_pilot_sign_in_1 = require("./pilot-web/test-pilot-sign-in");
/**
 * The ingestion app, built but not listening: what main.ts starts and what the end-to-end tests boot.
 * `pilotWebDir`: where the pilot web app was built to, served at /app/ (not served without it).
 */
async function createIngestionApp(config, options = {}) {
    const app = await (0, platform_1.createHttpApp)(ingestion_module_1.IngestionModule, {
        name: 'ingestion',
        port: config.INGESTION_PORT,
        config,
        // The largest body any route takes; each route holds its own limit (http/body-limits.ts).
        bodyLimit: body_limits_1.IMPORT_BODY_LIMIT,
        unroutedRequests: pilot_auth_guard_1.PilotAuthGuard,
    });
    (0, body_limits_1.applyBodyLimits)(app.getHttpAdapter().getInstance());
    if (options.serveDocs !== false)
        (0, pilot_app_openapi_1.servePilotAppOpenApi)(app);
    (0, test_pilot_sign_in_1.serveTestPilotSignIn)(app, config);
    if (options.pilotWebDir !== undefined)
        await (0, serve_pilot_web_1.servePilotWeb)(app, options.pilotWebDir);
    return app;
}
//# sourceMappingURL=ingestion-app.js.map