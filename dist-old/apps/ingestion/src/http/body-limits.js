"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.BodyLimit = exports.IMPORT_BODY_LIMIT = exports.DEFAULT_BODY_LIMIT = void 0;
exports.applyBodyLimits = applyBodyLimits;
const platform_fastify_1 = require("@nestjs/platform-fastify");
/** The pilot app API's bodies: 16 KB, and 1 MB for a logbook import (`pilot-app-api.md`). */
exports.DEFAULT_BODY_LIMIT = 16 * 1024;
exports.IMPORT_BODY_LIMIT = 1024 * 1024;
/** Gives one route a larger body limit than the default (at most the server's). */
const BodyLimit = (bytes) => (0, platform_fastify_1.RouteConfig)({ bodyLimit: bytes });
exports.BodyLimit = BodyLimit;
/**
 * Nest passes a route's `config` to Fastify but not its `bodyLimit`, so this onRoute hook moves it
 * there and holds every other route to the default. The body is read up to that limit and a larger
 * one refused (400 INVALID_REQUEST, `too_large`) after the pilot's token is checked (request-body.ts
 * in the platform library).
 */
function applyBodyLimits(fastify) {
    fastify.addHook('onRoute', (route) => {
        const config = route.config;
        const configured = typeof config === 'object' && config !== null && 'bodyLimit' in config ? config.bodyLimit : undefined;
        route.bodyLimit ??= typeof configured === 'number' ? configured : exports.DEFAULT_BODY_LIMIT;
    });
}
//# sourceMappingURL=body-limits.js.map