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
exports.ErrorFilter = void 0;
exports.sendError = sendError;
const common_1 = require("@nestjs/common");
const envelope_1 = require("./envelope");
const http_context_1 = require("./http-context");
const error_response_1 = require("./error-response");
/** The one place where anything thrown while serving a request becomes the error body of the contract. */
let ErrorFilter = class ErrorFilter {
    routes;
    logger = new common_1.Logger('http');
    constructor(routes) {
        this.routes = routes;
    }
    catch(exception, host) {
        sendError((0, http_context_1.httpRequestOf)(host), (0, http_context_1.httpReplyOf)(host), exception, this.routes, this.logger);
    }
};
exports.ErrorFilter = ErrorFilter;
exports.ErrorFilter = ErrorFilter = __decorate([
    (0, common_1.Catch)(),
    __metadata("design:paramtypes", [Function])
], ErrorFilter);
function sendError(request, reply, exception, routes, logger) {
    const response = (0, error_response_1.toErrorResponse)(exception, { method: request.method, url: request.url }, routes);
    if (response.unexpected) {
        logger.error({ err: exception, reqId: request.id, code: response.code }, 'request failed');
    }
    if (reply.sent)
        return;
    void reply
        .status(response.status)
        .headers(response.headers)
        .header('X-Request-Id', request.id)
        .type('application/json; charset=utf-8')
        .send((0, envelope_1.errorEnvelope)(response.code, response.message, request.id, response.details));
}
//# sourceMappingURL=error.filter.js.map