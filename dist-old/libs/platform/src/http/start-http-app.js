"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createHttpApp = createHttpApp;
exports.serveHttpApp = serveHttpApp;
exports.startHttpApp = startHttpApp;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const trusted_proxies_1 = require("../config/trusted-proxies");
const request_log_hooks_1 = require("../logging/request-log.hooks");
const logging_module_1 = require("../logging/logging.module");
const http_metrics_1 = require("../metrics/http-metrics");
const metrics_port_1 = require("../metrics/metrics-port");
const metrics_server_1 = require("../metrics/metrics-server");
const envelope_hook_1 = require("./envelope.hook");
const client_error_1 = require("./client-error");
const error_filter_1 = require("./error.filter");
const request_id_1 = require("./request-id");
const request_body_1 = require("./request-body");
const route_table_1 = require("./route-table");
const query_string_1 = require("./query-string");
const unrouted_request_1 = require("./unrouted-request");
const url_repair_1 = require("./url-repair");
/** Builds (without listening) a Nest app on Fastify with the contract's envelope, errors and request ids. */
async function createHttpApp(rootModule, options) {
    const adapter = new unrouted_request_1.UnroutedCheckingFastifyAdapter({
        genReqId: request_id_1.generateRequestId,
        requestIdHeader: false,
        bodyLimit: options.bodyLimit,
        // A path the router cannot decode, or a long path parameter, would be refused before any hook
        // (authentication, rate limit) runs; repaired and allowed, they go through the usual checks.
        rewriteUrl: (request) => (0, url_repair_1.repairUrl)(request.url ?? '/'),
        routerOptions: { maxParamLength: 8192, querystringParser: query_string_1.parseQuery },
        // While closing, a request on a connection still busy is served as usual (dependencies close
        // after the server) and answered with Connection: close, instead of Fastify's bare 503 without
        // the envelope or a request id.
        return503OnClosing: false,
        trustProxy: (0, trusted_proxies_1.trustedProxyList)(options.config.TRUSTED_PROXIES).join(',') || false,
        clientErrorHandler: client_error_1.answerClientError,
        frameworkErrors: client_error_1.answerFrameworkError,
        logger: false,
    });
    const routes = new route_table_1.RouteTable();
    const fastify = adapter.getInstance();
    // Bodies are parsed after the guards (RequestBodyGuard), never by Nest's parsers before them.
    (0, request_body_1.readBodiesUnparsed)(fastify, options.bodyLimit);
    fastify.addHook('onRoute', (route) => routes.add(route.url, route.method));
    // The logger is given from the start rather than buffered until the app exists: each of Nest's
    // lines is written when it happens, with its true time, and still written if the app fails to build.
    const logger = (0, logging_module_1.appLogger)(options.config.LOG_LEVEL);
    (0, request_log_hooks_1.logRequests)(fastify, logger.pino);
    const app = await core_1.NestFactory.create(rootModule, adapter, {
        logger,
        abortOnError: false,
        bodyParser: false,
    });
    if (options.unroutedRequests) {
        adapter.checkUnroutedWith(app.get(options.unroutedRequests, { strict: false }));
    }
    (0, http_metrics_1.measureHttpRequests)(fastify);
    (0, envelope_hook_1.envelopeResponses)(fastify);
    app.useGlobalFilters(new error_filter_1.ErrorFilter(routes));
    return app;
}
/**
 * Serves a built app: its metrics on their own port (METRICS_PORT, or the app's default), then the
 * app on its port, both on HOST, and logs where. Closing closes the app (it finishes what it serves
 * and runs its shutdown hooks), then the metrics port, which answers until then.
 */
async function serveHttpApp(app, options) {
    const { HOST } = options.config;
    const metrics = await (0, metrics_server_1.startMetricsServer)(HOST, (0, metrics_port_1.metricsPortOf)(options.config, options.name));
    await app.listen(options.port, HOST);
    new common_1.Logger(options.name).log(`${options.name} listening on http://${HOST}:${options.port}, metrics at ${metrics.url}/metrics`);
    return {
        close: async () => {
            await app.close();
            await metrics.close();
        },
    };
}
/** Creates the app and serves it (serveHttpApp). */
async function startHttpApp(rootModule, options) {
    return serveHttpApp(await createHttpApp(rootModule, options), options);
}
//# sourceMappingURL=start-http-app.js.map