"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RequestBodyGuard = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const http_context_1 = require("./http-context");
const request_body_1 = require("./request-body");
/**
 * The last guard of every route that may carry a body: once the request is let in (authentication,
 * rate limit, scope), its body is parsed, and a broken or oversized one answered 400, before the
 * handler's own input checks. The handler's `@Body()` then sees the parsed value.
 */
let RequestBodyGuard = class RequestBodyGuard {
    adapterHost;
    constructor(adapterHost) {
        this.adapterHost = adapterHost;
    }
    canActivate(context) {
        const request = (0, http_context_1.httpRequestOf)(context);
        if (!(request.body instanceof request_body_1.UnreadBody))
            return true;
        try {
            request.body = (0, request_body_1.parseUnreadBody)(request);
        }
        catch (err) {
            // As Nest hands on a parser's error (an FST error becomes an HttpException), so the error
            // filter answers it as it did when Fastify parsed bodies itself.
            throw this.adapterHost.httpAdapter.mapException(err);
        }
        return true;
    }
};
exports.RequestBodyGuard = RequestBodyGuard;
exports.RequestBodyGuard = RequestBodyGuard = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [core_1.HttpAdapterHost])
], RequestBodyGuard);
//# sourceMappingURL=request-body.guard.js.map