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
exports.WebhookVariables = void 0;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const variable_transforms_1 = require("./variable-transforms");
/**
 * The webhook variables (partner platform, section 4): the dispatcher app's, and the partner API's
 * and CLI's for the endpoints they manage. AppConfig extends it; property names are the variables.
 */
class WebhookVariables {
    /** The webhook dispatcher's health port (its metrics on their own, METRICS_PORT). */
    WEBHOOKS_PORT = 3003;
    /**
     * Whether endpoint URLs may be `http://` or point at loopback, private, link-local or unique-local
     * addresses. For local development and tests only: a partner could otherwise reach the operator's
     * own network through a webhook.
     */
    WEBHOOK_ALLOW_PRIVATE_URLS = false;
    /** Delays before each retry of a failed delivery, comma-separated; when used up the delivery failed. */
    WEBHOOK_RETRY_SCHEDULE_MS = '5000,300000,1800000,7200000,18000000,36000000,36000000';
    /** At most one `pilot_totals.updated` per pilot and endpoint in this time. */
    WEBHOOK_TOTALS_COALESCE_MS = 60000;
    /** How long an attempt may take: past it the attempt failed. */
    WEBHOOK_TIMEOUT_MS = 10000;
    /** An endpoint whose every attempt failed for this long is disabled (5 days). */
    WEBHOOK_DISABLE_AFTER_MS = 432000000;
    /** Attempts one dispatcher makes at once, over all endpoints. */
    WEBHOOK_CONCURRENCY = 32;
    /** Attempts one dispatcher makes at once to one endpoint: a slow endpoint holds no more than these. */
    WEBHOOK_ENDPOINT_CONCURRENCY = 4;
    /** How often the dispatcher looks for due deliveries and settled totals changes. */
    WEBHOOK_POLL_INTERVAL_MS = 200;
}
exports.WebhookVariables = WebhookVariables;
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(65535),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOKS_PORT", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toBoolean),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOK_ALLOW_PRIVATE_URLS", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^\d{1,10}(,\d{1,10})*$/, {
        message: 'WEBHOOK_RETRY_SCHEDULE_MS must be a comma-separated list of milliseconds',
    }),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOK_RETRY_SCHEDULE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(86400000),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOK_TOTALS_COALESCE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    (0, class_validator_1.Max)(60000),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOK_TIMEOUT_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1000),
    (0, class_validator_1.Max)(2592000000),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOK_DISABLE_AFTER_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(1000),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOK_CONCURRENCY", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(100),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOK_ENDPOINT_CONCURRENCY", void 0);
__decorate([
    (0, class_transformer_1.Transform)(variable_transforms_1.toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(10),
    (0, class_validator_1.Max)(60000),
    __metadata("design:type", Object)
], WebhookVariables.prototype, "WEBHOOK_POLL_INTERVAL_MS", void 0);
//# sourceMappingURL=webhook-variables.js.map