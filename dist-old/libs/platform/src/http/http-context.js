"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.httpReplyOf = exports.httpRequestOf = void 0;
/*
 * The request and the reply of an HTTP call, from the context Nest hands a guard, an interceptor, a
 * parameter decorator or an exception filter. `switchToHttp()` gives the same two, but first assigns
 * three new closures onto the context object on every call, and each guard of a route calls it: on
 * the partner read path that was more of the CPU than the guards' own checks. These read the
 * arguments Nest passes to an HTTP route handler (request, reply) directly.
 */
/** The HTTP request of `context`. */
const httpRequestOf = (context) => context.getArgByIndex(0);
exports.httpRequestOf = httpRequestOf;
/** The HTTP reply of `context`. */
const httpReplyOf = (context) => context.getArgByIndex(1);
exports.httpReplyOf = httpReplyOf;
//# sourceMappingURL=http-context.js.map