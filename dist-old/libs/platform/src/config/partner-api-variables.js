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
exports.PartnerApiVariables = void 0;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const variable_transforms_1 = require("./variable-transforms");
const webhook_variables_1 = require("./webhook-variables");
/**
 * The partner API's variables: authentication, the totals cache, the access history, its Redis keys.
 * AppConfig extends it; property names are the variables.
 */
class PartnerApiVariables extends webhook_variables_1.WebhookVariables {
    /** Failed partner API authentications allowed per client IP and minute before 429. */
    PARTNER_AUTH_FAILURES_PER_MINUTE = 30;
    /** How long a partner API replica may reuse a key lookup while no key has changed (see api-keys-revision). */
    PARTNER_API_KEY_CACHE_MS = 60000;
    /**
     * How long a partner API replica may reuse a projected totals answer while nothing partners read has
     * changed (see partner-read-revision); 0 reads the database for every request.
     */
    PARTNER_TOTALS_CACHE_MS = 1000;
    /**
     * Whether the partner API records partners' reads of pilots' totals for the pilots' access history.
     * `off` exists for the benchmark that measures what recording costs; the service runs with `on`.
     */
    ACCESS_HISTORY = 'on';
    /**
     * How often a partner API replica adds the reads it counted to the access history (and on shutdown).
     * The specification lets counts be up to a minute late; fewer writes of the same pilots' counts cost
     * the database less while partners read. An erasure does not wait for it.
     */
    ACCESS_HISTORY_FLUSH_MS = 30000;
    /** Prefix of the partner API's Redis keys (rate counts, key revision), so deployments may share one Redis. */
    PARTNER_REDIS_PREFIX = 'pft:';
}
exports.PartnerApiVariables = PartnerApiVariables;
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(100000),
    __metadata("design:type", Object)
], PartnerApiVariables.prototype, "PARTNER_AUTH_FAILURES_PER_MINUTE", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(600000),
    __metadata("design:type", Object)
], PartnerApiVariables.prototype, "PARTNER_API_KEY_CACHE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(60000),
    __metadata("design:type", Object)
], PartnerApiVariables.prototype, "PARTNER_TOTALS_CACHE_MS", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['on', 'off']),
    __metadata("design:type", String)
], PartnerApiVariables.prototype, "ACCESS_HISTORY", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    (0, class_validator_1.Max)(60000),
    __metadata("design:type", Object)
], PartnerApiVariables.prototype, "ACCESS_HISTORY_FLUSH_MS", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^[A-Za-z0-9:._-]{1,64}$/, { message: 'PARTNER_REDIS_PREFIX must be 1-64 of [A-Za-z0-9:._-]' }),
    __metadata("design:type", Object)
], PartnerApiVariables.prototype, "PARTNER_REDIS_PREFIX", void 0);
//# sourceMappingURL=partner-api-variables.js.map