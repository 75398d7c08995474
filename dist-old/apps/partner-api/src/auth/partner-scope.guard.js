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
exports.PartnerScopeGuard = exports.RequiredScope = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
exports.RequiredScope = core_1.Reflector.createDecorator();
/**
 * The third check (403): the scope the endpoint needs (after a 404 for a live key on a sandbox endpoint). A request let in here is the calling partner's,
 * which the handler gets with `@CurrentPartner()`.
 */
let PartnerScopeGuard = class PartnerScopeGuard {
    reflector;
    /**
     * Each route handler's RequiredScope, read once: metadata never changes after start, and reading it
     * through reflect-metadata on every request was about 1% of the partner API's CPU under reads.
     */
    required = new WeakMap();
    constructor(reflector) {
        this.reflector = reflector;
    }
    canActivate(context) {
        const request = (0, platform_1.httpRequestOf)(context);
        const found = request.partnerKey;
        if (!found)
            throw new Error('PartnerScopeGuard used without PartnerKeyGuard before it');
        const { scope, sandboxOnly } = this.requiredBy(context.getHandler());
        // For a live key a sandbox endpoint does not exist: answered as an unknown path is, whatever its scopes.
        if (sandboxOnly === true && !found.record.sandbox) {
            throw new platform_1.ApiError('NOT_FOUND', 'No such resource');
        }
        if (!(0, domain_1.scopeAllows)(found.record.scopes, scope)) {
            throw new platform_1.ApiError('INSUFFICIENT_SCOPE', `This key lacks the scope ${scope ?? ''}`, [
                { field: 'scope', issue: 'missing', message: scope },
            ]);
        }
        request.callingPartner = {
            partnerId: found.record.partnerId,
            keyId: found.record.keyId,
            sandbox: found.record.sandbox,
            readRevision: found.hit.readRevision,
        };
        return true;
    }
    requiredBy(handler) {
        let required = this.required.get(handler);
        if (required === undefined) {
            required = this.reflector.get(exports.RequiredScope, handler);
            this.required.set(handler, required);
        }
        return required;
    }
};
exports.PartnerScopeGuard = PartnerScopeGuard;
exports.PartnerScopeGuard = PartnerScopeGuard = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [core_1.Reflector])
], PartnerScopeGuard);
//# sourceMappingURL=partner-scope.guard.js.map