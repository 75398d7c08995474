"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.startMetricsServer = startMetricsServer;
const node_http_1 = require("node:http");
const prom_client_1 = require("prom-client");
let defaultsCollected = false;
/**
 * Prometheus text at `GET /metrics` on a port of its own, apart from the public API: the process's
 * metrics (CPU, memory, event loop) and whatever the app registers with prom-client. Anything else
 * is answered 404. A plain Node server: it has no envelope, authentication or request ids to give.
 */
async function startMetricsServer(host, port) {
    if (!defaultsCollected) {
        (0, prom_client_1.collectDefaultMetrics)({ register: prom_client_1.register });
        defaultsCollected = true;
    }
    const server = (0, node_http_1.createServer)((request, response) => {
        const path = (request.url ?? '/').split('?')[0];
        if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
            response
                .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
                .end('Not found: GET /metrics\n');
            return;
        }
        prom_client_1.register.metrics().then((text) => {
            response.writeHead(200, { 'Content-Type': prom_client_1.register.contentType, 'Cache-Control': 'no-store' });
            response.end(request.method === 'HEAD' ? undefined : text);
        }, (err) => {
            response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
            response.end(`metrics could not be collected: ${err instanceof Error ? err.message : String(err)}\n`);
        });
    });
    await listen(server, host, port);
    return {
        url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
        close: () => close(server),
    };
}
function listen(server, host, port) {
    return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
        });
    });
}
/** Stops at once: a scraper's kept-alive connection would otherwise hold the shutdown up. */
function close(server) {
    return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
    });
}
//# sourceMappingURL=metrics-server.js.map