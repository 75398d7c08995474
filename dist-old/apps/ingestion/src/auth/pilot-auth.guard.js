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
exports.PilotAuthGuard = exports.PILOT_API_PREFIX = void 0;
const common_1 = require("@nestjs/common");
const platform_1 = require("../../../../libs/platform/src/index.js");
const pilot_jwt_1 = require("../../../../libs/access/src/pilot-auth/pilot-jwt.js");
exports.PILOT_API_PREFIX = '/pilot/v1/';
const unauthorized = (message) => new platform_1.ApiError('UNAUTHORIZED', message, undefined, { 'WWW-Authenticate': 'Bearer' });
/**
 * Whether the request is the pilot app's: its path as sent is under the prefix (an unknown path
 * there is answered 401 before 404), or the route it reached is. The second matters because the
 * router decodes the path: `/%70ilot/v1/totals` reaches the route of `/pilot/v1/totals`.
 */
const isPilotRequest = (request) => request.url.startsWith(exports.PILOT_API_PREFIX) ||
    (request.routeOptions.url?.startsWith(exports.PILOT_API_PREFIX) ?? false);
/**
 * Authenticates every pilot app request, a global guard ahead of RequestBodyGuard: a request without
 * a valid token is answered 401 whatever else is wrong with it, its body included. By the prefix,
 * not per route, so no pilot route can be left open; the same check runs for a path under the prefix
 * that no route takes (answered 401 before 404).
 */
let PilotAuthGuard = class PilotAuthGuard {
    verifier;
    constructor(verifier) {
        this.verifier = verifier;
    }
    canActivate(context) {
        const request = (0, platform_1.httpRequestOf)(context);
        if (!isPilotRequest(request))
            return true;
        return this.authenticate(request).then(() => true);
    }
    async checkUnrouted(request) {
        if (isPilotRequest(request))
            await this.authenticate(request);
    }
    async authenticate(request) {
        const header = request.headers.authorization;
        const match = header ? /^Bearer ([A-Za-z0-9_\-.=]+)$/i.exec(header.trim()) : null;
        if (!match?.[1])
            throw unauthorized('A pilot token is required: Authorization: Bearer <token>');
        try {
            request.pilotAccountId = (await this.verifier.verify(match[1])).pilotAccountId;
        }
        catch (err) {
            if (err instanceof pilot_jwt_1.PilotTokenRejected)
                throw unauthorized('The pilot token is not valid');
            throw new platform_1.ApiError('SERVICE_UNAVAILABLE', 'The pilot token cannot be checked now', undefined, {
                'Retry-After': '5',
            });
        }
    }
};
exports.PilotAuthGuard = PilotAuthGuard;
exports.PilotAuthGuard = PilotAuthGuard = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [pilot_jwt_1.PilotJwtVerifier])
], PilotAuthGuard);
//# sourceMappingURL=pilot-auth.guard.js.map