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
exports.WebhookDeliveriesController = void 0;
const node_crypto_1 = require("node:crypto");
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
const webhook_endpoints_controller_1 = require("./webhook-endpoints.controller");
const webhook_endpoints_dto_1 = require("./webhook-endpoints.dto");
/** What was sent to an endpoint, and a test event on demand (partner platform 4.1). */
let WebhookDeliveriesController = class WebhookDeliveriesController {
    dataSource;
    constructor(dataSource) {
        this.dataSource = dataSource;
    }
    async test(id, partner) {
        const endpoint = (0, domain_1.isEndpointId)(id)
            ? await (0, access_1.findEndpoint)(this.dataSource, partner.partnerId, id)
            : undefined;
        if (!endpoint)
            throw (0, webhook_endpoints_controller_1.endpointNotFound)();
        const key = `test:${(0, node_crypto_1.randomUUID)()}`;
        const queued = await (0, access_1.queueWebhookEvent)(this.dataSource, {
            endpointId: id,
            type: 'webhook.test',
            data: {},
            orderingKey: key,
            sourceKey: key,
        });
        if (!queued)
            throw new platform_1.ApiError('INVALID_REQUEST', webhook_endpoint_request_1.MESSAGES.disabled, [{ field: 'id', issue: 'disabled' }]);
        return { id, status: 'queued' };
    }
    async deliveries(id, query, partner) {
        const limit = (0, webhook_endpoint_request_1.parseDeliveriesLimit)(query);
        const endpoint = (0, domain_1.isEndpointId)(id)
            ? await (0, access_1.findEndpoint)(this.dataSource, partner.partnerId, id)
            : undefined;
        if (!endpoint)
            throw (0, webhook_endpoints_controller_1.endpointNotFound)();
        return { deliveries: await (0, access_1.listDeliveries)(this.dataSource, id, limit) };
    }
};
exports.WebhookDeliveriesController = WebhookDeliveriesController;
__decorate([
    (0, common_1.Post)('test'),
    (0, common_1.HttpCode)(202),
    (0, partner_endpoint_decorator_1.PartnerWriteEndpoint)('webhooks'),
    (0, swagger_1.ApiOperation)({
        summary: 'Send a test event',
        description: 'Scope `webhooks`. Queues a `webhook.test` event (`data` = `{}`) for the endpoint, delivered and ' +
            'signed as any other. A disabled endpoint takes none: 400 `INVALID_REQUEST`.',
    }),
    webhook_endpoints_controller_1.ENDPOINT_ID_PARAM,
    (0, openapi_responses_1.ApiEnvelopedResponse)(202, webhook_endpoints_dto_1.WebhookTestQueuedDto, openapi_responses_1.IDEMPOTENT_REPLAY_HEADERS),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND', 'IDEMPOTENCY_CONFLICT'], {
        INVALID_REQUEST: [
            {
                summary: 'A disabled endpoint',
                message: webhook_endpoint_request_1.MESSAGES.disabled,
                details: [{ field: 'id', issue: 'disabled' }],
            },
            error_examples_1.invalidIdempotencyKey,
        ],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('webhooks')],
        NOT_FOUND: [webhook_endpoints_controller_1.NOT_FOUND_EXAMPLE],
    }),
    __param(0, (0, common_1.Param)('id')),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", Promise)
], WebhookDeliveriesController.prototype, "test", null);
__decorate([
    (0, common_1.Get)('deliveries'),
    (0, partner_endpoint_decorator_1.PartnerReadEndpoint)('webhooks'),
    (0, swagger_1.ApiOperation)({
        summary: 'An endpoint’s deliveries',
        description: 'Scope `webhooks`. The delivery log, newest first: each event’s attempts, status, last response ' +
            'status and, while pending, when it is tried next.',
    }),
    webhook_endpoints_controller_1.ENDPOINT_ID_PARAM,
    (0, swagger_1.ApiQuery)({
        name: 'limit',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    }),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, webhook_endpoints_dto_1.WebhookDeliveriesDto),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'NOT_FOUND'], {
        INVALID_REQUEST: [
            {
                summary: 'limit out of range',
                message: webhook_endpoint_request_1.MESSAGES.limit,
                details: [{ field: 'limit', issue: 'out_of_range' }],
            },
        ],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('webhooks')],
        NOT_FOUND: [webhook_endpoints_controller_1.NOT_FOUND_EXAMPLE],
    }),
    __param(0, (0, common_1.Param)('id')),
    __param(1, (0, common_1.Query)()),
    __param(2, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object, Object]),
    __metadata("design:returntype", Promise)
], WebhookDeliveriesController.prototype, "deliveries", null);
exports.WebhookDeliveriesController = WebhookDeliveriesController = __decorate([
    (0, swagger_1.ApiTags)('webhooks'),
    (0, common_1.Controller)('v1/webhook-endpoints/:id'),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], WebhookDeliveriesController);
//# sourceMappingURL=webhook-deliveries.controller.js.map