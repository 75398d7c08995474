"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.DRAINED_AT_MOST = exports.UnreadBody = void 0;
exports.readBodiesUnparsed = readBodiesUnparsed;
exports.receivedBodyBytes = receivedBodyBytes;
exports.parseUnreadBody = parseUnreadBody;
const node_querystring_1 = require("node:querystring");
const common_1 = require("@nestjs/common");
const fastify_1 = __importDefault(require("fastify"));
const api_error_1 = require("./api-error");
const { FST_ERR_CTP_INVALID_MEDIA_TYPE, FST_ERR_CTP_INVALID_CONTENT_LENGTH } = fastify_1.default.errorCodes;
/**
 * A request body as it arrived, not yet parsed: what `request.body` holds until RequestBodyGuard (or
 * the not-found path) has let the request in. `problem` is why it could not be read whole.
 */
class UnreadBody {
    contentType;
    bytes;
    problem;
    constructor(contentType, bytes, problem) {
        this.contentType = contentType;
        this.bytes = bytes;
        this.problem = problem;
    }
}
exports.UnreadBody = UnreadBody;
/**
 * How much of a body over its limit is still read, and dropped, before it is refused. A server that
 * answers and closes while the client is still sending makes the client's socket reset, and the reset
 * can take the answer with it; read to its end, the body is refused on a connection that stays open.
 * Beyond this much (or the route's limit, if larger) the connection is closed instead, so a client
 * cannot keep the server reading.
 */
exports.DRAINED_AT_MOST = 8 * 1024 * 1024;
/** A body over the route's limit, declared or found while reading; the contract's 400 `too_large`. */
function tooLarge(limit, closing) {
    return new api_error_1.ApiError('INVALID_REQUEST', `The request body is larger than ${limit} bytes`, [{ field: 'body', issue: 'too_large', message: `must be at most ${limit} bytes` }], 
    // Closing: the rest of the body is not read, and the client may still be sending it.
    closing ? { Connection: 'close' } : {});
}
/**
 * Replaces every body parser with one that only collects the bytes, up to the route's body limit
 * (`serverLimit` for an unknown path): Fastify parses bodies before Nest's guards run, so a body that
 * is broken or too large would otherwise be answered 400 before an unauthenticated request is
 * answered 401. Nothing it finds is an error yet; the body is parsed, and refused, after the guards.
 */
function readBodiesUnparsed(instance, serverLimit) {
    defaultJsonParser ??= instance.getDefaultJsonParser('error', 'error');
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (request, payload, done) => {
        const contentType = request.headers['content-type'] ?? '';
        const limit = request.routeOptions.bodyLimit ?? serverLimit;
        const declared = Number(request.headers['content-length']);
        const chunks = [];
        let received = 0;
        let over = declared > limit;
        const refuse = (closing) => done(null, new UnreadBody(contentType, undefined, tooLarge(limit, closing)));
        if (over && declared > exports.DRAINED_AT_MOST)
            return refuse(true);
        const stop = () => {
            payload.removeListener('data', onData);
            payload.removeListener('end', onEnd);
            payload.removeListener('error', onEnd);
        };
        const onData = (chunk) => {
            received += chunk.length;
            over ||= received > limit;
            if (over && received > exports.DRAINED_AT_MOST) {
                stop();
                refuse(true);
                return;
            }
            // Past the limit the rest is only counted, and dropped, until the body ends.
            if (!over)
                chunks.push(chunk);
        };
        function onEnd(error) {
            stop();
            // The client went away or sent broken framing: nothing to answer to.
            if (error)
                return done(error, undefined);
            if (over)
                return refuse(false);
            const mismatch = !Number.isNaN(declared) && declared !== received;
            done(null, new UnreadBody(contentType, Buffer.concat(chunks, received), mismatch ? new FST_ERR_CTP_INVALID_CONTENT_LENGTH() : undefined));
        }
        payload.on('data', onData);
        payload.on('end', onEnd);
        payload.on('error', onEnd);
    });
}
/** The bytes of each request's body as they arrived, kept when RequestBodyGuard parses them. */
const receivedBodies = new WeakMap();
const NO_BYTES = Buffer.alloc(0);
/**
 * The body of a request as it arrived, byte for byte (empty without one), once its guards have let it
 * in: what an idempotent request is compared by, since `request.body` then holds the parsed value.
 */
function receivedBodyBytes(request) {
    return receivedBodies.get(request) ?? NO_BYTES;
}
/** Fastify's JSON parser, the same for every server of the process (its options are fixed here). */
let defaultJsonParser;
/**
 * Parses a body kept by readBodiesUnparsed as Fastify and Nest parsed it before: JSON with Fastify's
 * own parser (prototype poisoning refused), forms like Nest's form parser, plain text as a string;
 * another media type is refused, except on an unknown path, where Fastify used to leave it unread.
 * Throws what those parsers threw, so the error filter answers each case as it did.
 */
function parseUnreadBody(request, unknownPath = false) {
    const body = request.body;
    if (!(body instanceof UnreadBody))
        return body;
    if (body.problem !== undefined)
        throw body.problem;
    receivedBodies.set(request, body.bytes);
    const text = body.bytes.toString('utf8');
    const mediaType = body.contentType.split(';')[0].trim().toLowerCase();
    switch (mediaType) {
        case 'application/json':
            return parseJson(request, text);
        case 'application/x-www-form-urlencoded': {
            const form = (0, node_querystring_1.parse)(text);
            if (Object.hasOwn(form, '__proto__')) {
                throw new common_1.BadRequestException('Object contains forbidden prototype property');
            }
            return form;
        }
        case 'text/plain':
            return text;
        default:
            if (unknownPath)
                return undefined;
            throw new FST_ERR_CTP_INVALID_MEDIA_TYPE(mediaType);
    }
}
function parseJson(request, text) {
    const parser = defaultJsonParser;
    if (!parser)
        throw new Error('readBodiesUnparsed was not applied');
    const outcome = { error: null, value: undefined };
    // Fastify's default JSON parser answers synchronously.
    void parser(request, text, (error, value) => {
        outcome.error = error;
        outcome.value = value;
    });
    if (outcome.error)
        throw outcome.error;
    return outcome.value;
}
//# sourceMappingURL=request-body.js.map