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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.WebhookEndpointsController = exports.NOT_FOUND_EXAMPLE = exports.ENDPOINT_ID_PARAM = void 0;
exports.endpointNotFound = endpointNotFound;
const common_1 = require("@nestjs/common");
const swagger_1 = require("@nestjs/swagger");
const typeorm_1 = require("typeorm");
const access_1 = require("../../../../libs/access/src/index.js");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const partner_endpoint_decorator_1 = require("../auth/partner-endpoint.decorator");
const error_examples_1 = require("../openapi/error-examples");
const openapi_responses_1 = require("../openapi/openapi-responses");
const webhook_endpoint_request_1 = require("./webhook-endpoint-request");
const webhook_endpoints_dto_1 = require("./webhook-endpoints.dto");
exports.ENDPOINT_ID_PARAM = (0, swagger_1.ApiParam)({
    name: 'id',
    description: 'The endpoint’s id, `we_` and a ULID',
    schema: { type: 'string' },
});
exports.NOT_FOUND_EXAMPLE = { summary: 'Not one of your endpoints', message: webhook_endpoint_request_1.MESSAGES.notFound };
/** An unknown id, another partner's or a deleted endpoint's: all the same 404. */
function endpointNotFound() {
    return new platform_1.ApiError('NOT_FOUND', webhook_endpoint_request_1.MESSAGES.notFound);
}
/** `/v1/webhook-endpoints`: a partner's endpoints (scope `webhooks`, partner platform 4.1). */
let WebhookEndpointsController = class WebhookEndpointsController {
    dataSource;
    config;
    constructor(dataSource, config) {
        this.dataSource = dataSource;
        this.config = config;
    }
    async create(body, partner, request) {
        const wanted = (0, webhook_endpoint_request_1.parseNewEndpoint)(request.headers['content-type'], body, this.config.WEBHOOK_ALLOW_PRIVATE_URLS);
        const outcome = await (0, access_1.createEndpoint)(this.dataSource, partner.partnerId, wanted.url, wanted.events);
        if (!outcome.ok)
            throw new platform_1.ApiError('INVALID_REQUEST', webhook_endpoint_request_1.MESSAGES.tooMany, [{ field: 'url', issue: 'too_many' }]);
        return outcome.endpoint;
    }
    async list(partner) {
        return { endpoints: await (0, access_1.listEndpoints)(this.dataSource, partner.partnerId) };
    }
    async delete(id, partner) {
        if (!(0, domain_1.isEndpointId)(id) || !(await (0, access_1.deleteEndpoint)(this.dataSource, partner.partnerId, id)))
            throw endpointNotFound();
        return { id, status: 'deleted' };
    }
    async rotate(id, partner) {
        const endpoint = (0, domain_1.isEndpointId)(id)
            ? await (0, access_1.rotateEndpointSecret)(this.dataSource, partner.partnerId, id)
            : undefined;
        if (!endpoint)
            throw endpointNotFound();
        return endpoint;
    }
};
exports.WebhookEndpointsController = WebhookEndpointsController;
__decorate([
    (0, common_1.Post)(),
    (0, partner_endpoint_decorator_1.PartnerWriteEndpoint)('webhooks'),
    (0, swagger_1.ApiOperation)({
        summary: 'Add a webhook endpoint',
        description: 'Scope `webhooks`. At most 5 endpoints per partner account. The answer holds the signing `secret`, ' +
            'shown only now (and after a rotation).',
    }),
    (0, swagger_1.ApiConsumes)('application/json'),
    (0, openapi_responses_1.ApiJsonBody)(webhook_endpoints_dto_1.CreateWebhookEndpointDto, 'An endpoint for disconnects and totals changes'),
    (0, openapi_responses_1.ApiEnvelopedResponse)(201, webhook_endpoints_dto_1.WebhookEndpointDto, openapi_responses_1.IDEMPOTENT_REPLAY_HEADERS),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'IDEMPOTENCY_CONFLICT'], {
        INVALID_REQUEST: [
            { summary: 'Not an https URL', message: webhook_endpoint_request_1.MESSAGES.url, details: [{ field: 'url', issue: 'not_https' }] },
            {
                summary: 'A private address',
                message: webhook_endpoint_request_1.MESSAGES.privateUrl,
                details: [{ field: 'url', issue: 'private_address' }],
            },
            {
                summary: 'An unknown event type',
                message: webhook_endpoint_request_1.MESSAGES.events,
                details: [{ field: 'events', issue: 'unknown_event_type' }],
            },
            {
                summary: 'Five endpoints already',
                message: webhook_endpoint_request_1.MESSAGES.tooMany,
                details: [{ field: 'url', issue: 'too_many' }],
            },
            error_examples_1.invalidIdempotencyKey,
        ],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('webhooks')],
    }),
    __param(0, (0, common_1.Body)()),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __param(2, (0, common_1.Req)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", Promise)
], WebhookEndpointsController.prototype, "create", null);
__decorate([
    (0, common_1.Get)(),
    (0, partner_endpoint_decorator_1.PartnerReadEndpoint)('webhooks'),
    (0, swagger_1.ApiOperation)({
        summary: 'Your webhook endpoints',
        description: 'Scope `webhooks`. Oldest first, without secrets.',
    }),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, webhook_endpoints_dto_1.WebhookEndpointsDto),
    (0, openapi_responses_1.ApiPartnerErrors)(['INSUFFICIENT_SCOPE'], { INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('webhooks')] }),
    __param(0, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], WebhookEndpointsController.prototype, "list", null);
__decorate([
    (0, common_1.Delete)(':id'),
    (0, partner_endpoint_decorator_1.PartnerEndpoint)('webhooks'),
    (0, swagger_1.ApiOperation)({
        summary: 'Delete a webhook endpoint',
        description: 'Scope `webhooks`. Nothing more is delivered to it; what was queued is dropped.',
    }),
    exports.ENDPOINT_ID_PARAM,
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, webhook_endpoints_dto_1.DeletedWebhookEndpointDto),
    (0, openapi_responses_1.ApiPartnerErrors)(['INSUFFICIENT_SCOPE', 'NOT_FOUND'], {
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('webhooks')],
        NOT_FOUND: [exports.NOT_FOUND_EXAMPLE],
    }),
    __param(0, (0, common_1.Param)('id')),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", Promise)
], WebhookEndpointsController.prototype, "delete", null);
__decorate([
    (0, common_1.Post)(':id/rotate-secret'),
    (0, common_1.HttpCode)(200),
    (0, partner_endpoint_decorator_1.PartnerWriteEndpoint)('webhooks'),
    (0, swagger_1.ApiOperation)({
        summary: 'Rotate an endpoint’s secret',
        description: 'Scope `webhooks`. The answer holds the new `secret`. The old one stays valid for 24 hours: each ' +
            'delivery meanwhile carries both signatures in `webhook-signature`.',
    }),
    exports.ENDPOINT_ID_PARAM,
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, webhook_endpoints_dto_1.WebhookEndpointDto, openapi_responses_1.IDEMPOTENT_REPLAY_HEADERS),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND', 'IDEMPOTENCY_CONFLICT'], {
        INVALID_REQUEST: [error_examples_1.invalidIdempotencyKey],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('webhooks')],
        NOT_FOUND: [exports.NOT_FOUND_EXAMPLE],
    }),
    __param(0, (0, common_1.Param)('id')),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", Promise)
], WebhookEndpointsController.prototype, "rotate", null);
exports.WebhookEndpointsController = WebhookEndpointsController = __decorate([
    (0, swagger_1.ApiTags)('webhooks'),
    (0, common_1.Controller)('v1/webhook-endpoints'),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        platform_1.AppConfig])
], WebhookEndpointsController);
//# sourceMappingURL=webhook-endpoints.controller.js.map