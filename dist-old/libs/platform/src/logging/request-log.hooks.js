"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.logRequests = logRequests;
const request_id_1 = require("../http/request-id");
/** Probes: answered too often to be worth a line each (metrics are scraped on a port of their own). */
function isQuiet(url) {
    return url.startsWith('/health');
}
/**
 * Each request's id, in one place: answered in X-Request-Id (the code serving the request reads it
 * from the request, `request.id`, and hands it to what logs); then a `request completed` line when the response has gone out, with method, path, status and time, never a header.
 * Added before any other hook, so every answer carries the id and `no-store`.
 */
function logRequests(fastify, pino) {
    fastify.addHook('onRequest', (request, reply, done) => {
        // no-store on every answer, errors included: most carry a pilot's data or say whether a pilot
        // is connected, and no proxy or browser may keep them. A route whose answer may be kept (the
        // rating dictionary, the documentation's assets) sets its own Cache-Control, which replaces this.
        void reply.header(request_id_1.REQUEST_ID_HEADER, request.id).header('Cache-Control', 'no-store');
        done();
    });
    fastify.addHook('onResponse', (request, reply, done) => {
        const level = reply.statusCode >= 500 ? 'error' : 'info';
        if (pino.isLevelEnabled(level) && !isQuiet(request.url)) {
            pino[level]({
                reqId: request.id,
                req: { id: request.id, method: request.method, url: request.url },
                res: { statusCode: reply.statusCode },
                responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
            }, 'request completed');
        }
        done();
    });
}
//# sourceMappingURL=request-log.hooks.js.map