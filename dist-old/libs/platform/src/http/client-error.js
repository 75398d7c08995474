"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.answerClientError = answerClientError;
exports.answerFrameworkError = answerFrameworkError;
const envelope_1 = require("./envelope");
const request_id_1 = require("./request-id");
/**
 * Answers requests that Node's HTTP parser refuses before any route sees them (a request line or
 * headers over the size limit, broken framing) in the contract's envelope with a request id, instead
 * of Node's bare 400 or 431.
 */
function answerClientError(error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
        socket.destroy();
        return;
    }
    const requestId = `req_${(0, request_id_1.nextUlid)()}`;
    const message = error.code === 'HPE_HEADER_OVERFLOW'
        ? 'The request line or headers are too large'
        : 'The request could not be parsed as HTTP';
    const body = JSON.stringify((0, envelope_1.errorEnvelope)('INVALID_REQUEST', message, requestId));
    socket.end([
        'HTTP/1.1 400 Bad Request',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${request_id_1.REQUEST_ID_HEADER}: ${requestId}`,
        // Like every answer of the apps (start-http-app.ts), though these never carry data.
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
    ].join('\r\n'));
}
/**
 * Fastify's router refuses some URLs before any hook runs (a path that is not valid percent-encoding,
 * a path parameter over the length limit). repairUrl and the parameter limit keep such requests on
 * the usual path through authentication and the rate limit; anything the router still refuses is
 * answered in the envelope.
 */
function answerFrameworkError(error, request, reply) {
    const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A path segment is too long'
        : 'The request path is not valid';
    void reply
        .status(400)
        .header(request_id_1.REQUEST_ID_HEADER, request.id)
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8')
        .send((0, envelope_1.errorEnvelope)('INVALID_REQUEST', message, request.id, [{ field: 'path', issue: 'invalid' }]));
}
//# sourceMappingURL=client-error.js.map