"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SERVER_ERROR_EXAMPLES = void 0;
exports.createOpenApiDocument = createOpenApiDocument;
exports.serializeOpenApi = serializeOpenApi;
exports.serveOpenApiDocs = serveOpenApiDocs;
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const swagger_1 = require("@nestjs/swagger");
const api_error_1 = require("./api-error");
/** The examples of the errors every operation of both APIs may answer, worded as ErrorFilter answers them. */
exports.SERVER_ERROR_EXAMPLES = {
    INTERNAL_ERROR: [{ summary: 'An unexpected failure', message: api_error_1.INTERNAL_ERROR_MESSAGE }],
    SERVICE_UNAVAILABLE: [{ summary: 'A dependency is down', message: api_error_1.SERVICE_UNAVAILABLE_MESSAGE }],
};
/** The Swagger UI files the page needs, served from the package @nestjs/swagger ships with. */
const ASSETS = {
    'swagger-ui.css': 'text/css; charset=utf-8',
    'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
    'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};
const page = (title) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });
</script>
</body>
</html>
`;
/**
 * An app's OpenAPI description from its controllers and `config`, with operation ids
 * `<Controller>_<method>`, keeping only the paths under `pathPrefix` (not health, metrics, or the
 * documentation itself). Operations carry only the tags they declare: no tag named after a
 * controller is added, which would list an operation twice on the documentation page.
 */
function createOpenApiDocument(app, config, pathPrefix) {
    const document = swagger_1.SwaggerModule.createDocument(app, config, {
        operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
        autoTagControllers: false,
    });
    document.paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => path.startsWith(pathPrefix)));
    return document;
}
/** The checked-in form of a description: stable key order, two-space indent, final newline. */
function serializeOpenApi(document) {
    return `${JSON.stringify(document, null, 2)}\n`;
}
/**
 * `/openapi.json` and the documentation page `/docs` (titled with the document's title). Registered on Fastify directly (not through
 * SwaggerModule.setup, whose static file serving pulls in ESM-only packages the test runner cannot load);
 * the assets are read once, on first use.
 */
function serveOpenApiDocs(app, document) {
    const fastify = app.getHttpAdapter().getInstance();
    const json = JSON.stringify(document);
    const html = page(`${document.info.title} ${document.info.version}`);
    const assetDir = (0, node_path_1.dirname)(require.resolve('swagger-ui-dist/package.json'));
    const loaded = new Map();
    fastify.get('/openapi.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(json));
    fastify.get('/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
    fastify.get('/docs/:asset', (request, reply) => {
        const { asset } = request.params;
        const type = ASSETS[asset];
        if (type === undefined) {
            return reply.callNotFound();
        }
        let body = loaded.get(asset);
        if (!body) {
            body = (0, node_fs_1.readFileSync)((0, node_path_1.join)(assetDir, asset));
            loaded.set(asset, body);
        }
        return reply.type(type).header('Cache-Control', 'public, max-age=86400').send(body);
    });
}
//# sourceMappingURL=openapi-docs.js.map