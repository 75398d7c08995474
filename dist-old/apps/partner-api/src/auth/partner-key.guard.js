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
exports.PartnerKeyGuard = void 0;
const common_1 = require("@nestjs/common");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const window_counter_1 = require("../rate-limit/window-counter");
const api_key_directory_1 = require("./api-key-directory");
/**
 * The first check of every partner endpoint (401): a usable API key. Its lookup and the key's rate
 * count share one Redis round trip, so the count is made here and left on the request for
 * PartnerRateLimitGuard, which runs next.
 */
let PartnerKeyGuard = class PartnerKeyGuard {
    directory;
    counter;
    config;
    constructor(directory, counter, config) {
        this.directory = directory;
        this.counter = counter;
        this.config = config;
    }
    async canActivate(context) {
        const request = (0, platform_1.httpRequestOf)(context);
        const found = await this.authenticate(request);
        if (!found)
            return this.refuse(request);
        request.partnerKey = found;
        return true;
    }
    /** The key's record and this request's count, or undefined when the request has no usable key. */
    async authenticate(request) {
        const key = (0, domain_1.bearerApiKey)(request.headers.authorization);
        if (key === null)
            return undefined;
        const prefix = (0, domain_1.apiKeyPrefix)(key);
        const remembered = this.directory.remembered(prefix, key);
        if (remembered) {
            const hit = await this.counter.hit(`key:${remembered.record.keyId}`, request.id);
            this.directory.noteRevision(hit.keysRevision);
            if (hit.keysRevision !== null && hit.keysRevision === remembered.revision) {
                return { record: remembered.record, hit };
            }
            // Some key changed since the lookup (or Redis cannot tell): read this one again.
            const lookedUpAt = Date.now();
            const record = await this.directory.lookUp(prefix, key);
            if (!record)
                return undefined;
            this.directory.remember(record, key, hit.keysRevision, lookedUpAt);
            return { record, hit };
        }
        const revisionBefore = this.directory.revisionBeforeLookup();
        const lookedUpAt = Date.now();
        const record = await this.directory.lookUp(prefix, key);
        if (!record)
            return undefined;
        const hit = await this.counter.hit(`key:${record.keyId}`, request.id);
        this.directory.noteRevision(hit.keysRevision);
        this.directory.remember(record, key, hit.keysRevision === revisionBefore ? revisionBefore : null, lookedUpAt);
        return { record, hit };
    }
    /** 401, or 429 once this address has failed too often this minute, so keys cannot be guessed at speed. */
    async refuse(request) {
        const hit = await this.counter.hit(`auth-failures:${request.ip}`, request.id);
        if (hit.count > this.config.PARTNER_AUTH_FAILURES_PER_MINUTE) {
            (0, platform_1.countRateLimited)('failed_authentications');
            throw new platform_1.ApiError('RATE_LIMITED', 'Too many failed authentications from this address', undefined, {
                'Retry-After': String(domain_1.RETRY_AFTER_SECONDS),
            });
        }
        throw new platform_1.ApiError('UNAUTHORIZED', 'A valid API key is required in the header Authorization: Bearer <key>', undefined, { 'WWW-Authenticate': 'Bearer' });
    }
};
exports.PartnerKeyGuard = PartnerKeyGuard;
exports.PartnerKeyGuard = PartnerKeyGuard = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [api_key_directory_1.ApiKeyDirectory,
        window_counter_1.WindowCounter,
        platform_1.AppConfig])
], PartnerKeyGuard);
//# sourceMappingURL=partner-key.guard.js.map