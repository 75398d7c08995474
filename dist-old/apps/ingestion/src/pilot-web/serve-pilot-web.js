"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PILOT_WEB_PATH = void 0;
exports.servePilotWeb = servePilotWeb;
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const static_1 = __importDefault(require("@fastify/static"));
const common_1 = require("@nestjs/common");
exports.PILOT_WEB_PATH = '/app/';
/**
 * The page may load and call only what this service serves: no other host, no inline script. Styles
 * set from script (the charts size their canvases) need 'unsafe-inline' for style attributes only.
 */
const CONTENT_SECURITY_POLICY = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
].join('; ');
/**
 * Serves the pilot web app (apps/pilot-web, built into `dir` by the project's build) at /app/. Without
 * a build there (`npm run build` not run) the service runs without it and says so once.
 */
async function servePilotWeb(app, dir) {
    if (!(0, node_fs_1.existsSync)((0, node_path_1.join)(dir, 'index.html'))) {
        new common_1.Logger('pilot-web').warn(`the pilot web app is not built (no ${dir}/index.html): npm run build`);
        return;
    }
    const fastify = app.getHttpAdapter().getInstance();
    fastify.get('/app', (_request, reply) => reply.redirect(exports.PILOT_WEB_PATH, 301));
    await app.register(static_1.default, {
        root: dir,
        prefix: exports.PILOT_WEB_PATH,
        index: 'index.html',
        // The bundle's names do not change between builds: the browser asks again each time.
        cacheControl: false,
        setHeaders: (res) => {
            res.header('Cache-Control', 'no-cache');
            res.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
            res.header('X-Content-Type-Options', 'nosniff');
            res.header('Referrer-Policy', 'no-referrer');
        },
    });
}
//# sourceMappingURL=serve-pilot-web.js.map