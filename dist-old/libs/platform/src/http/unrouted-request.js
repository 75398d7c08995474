"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.UnroutedCheckingFastifyAdapter = void 0;
const platform_fastify_1 = require("@nestjs/platform-fastify");
const request_body_1 = require("./request-body");
/**
 * The Fastify adapter whose not-found handler first runs the app's UnroutedRequestCheck and then
 * parses the body (a broken one is answered 400 as on a route), in the order a route's guards have.
 */
class UnroutedCheckingFastifyAdapter extends platform_fastify_1.FastifyAdapter {
    unroutedCheck;
    checkUnroutedWith(check) {
        this.unroutedCheck = check;
    }
    // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's own signature
    setNotFoundHandler(handler) {
        return this.getInstance().setNotFoundHandler({ preHandler: (request, reply) => this.beforeNotFound(request, reply) }, handler);
    }
    async beforeNotFound(request, reply) {
        await this.unroutedCheck?.checkUnrouted(request, reply);
        request.body = (0, request_body_1.parseUnreadBody)(request, true);
    }
}
exports.UnroutedCheckingFastifyAdapter = UnroutedCheckingFastifyAdapter;
//# sourceMappingURL=unrouted-request.js.map