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
exports.WebhookDeliveriesDto = exports.WebhookDeliveryDto = exports.WebhookTestQueuedDto = exports.DeletedWebhookEndpointDto = exports.WebhookEndpointsDto = exports.WebhookEndpointDto = exports.CreateWebhookEndpointDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const domain_1 = require("../../../../libs/domain/src/index.js");
const EXAMPLE_ID = 'we_01JDQ3M8X5K2V7R9T4B6N1C0PZ';
const EXAMPLE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/gbwaLEpkQs=';
let CreateWebhookEndpointDto = class CreateWebhookEndpointDto {
    static example = {
        url: 'https://hooks.example.com/pft',
        events: ['pilot.disconnected', 'pilot_totals.updated'],
    };
    url;
    events;
};
exports.CreateWebhookEndpointDto = CreateWebhookEndpointDto;
__decorate([
    (0, swagger_1.ApiProperty)({
        format: 'uri',
        maxLength: 2048,
        description: 'Absolute `https://` URL. Addresses in loopback, private, link-local or unique-local ranges are ' +
            'refused, also when a name resolves to one at delivery time.',
    }),
    __metadata("design:type", String)
], CreateWebhookEndpointDto.prototype, "url", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        type: [String],
        enum: domain_1.SUBSCRIBABLE_EVENT_TYPES,
        description: 'The event types to receive; absent: all of them. `webhook.test` is always received.',
    }),
    __metadata("design:type", Array)
], CreateWebhookEndpointDto.prototype, "events", void 0);
exports.CreateWebhookEndpointDto = CreateWebhookEndpointDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'WebhookEndpointRequest', description: 'A new webhook endpoint' })
], CreateWebhookEndpointDto);
let WebhookEndpointDto = class WebhookEndpointDto {
    static example = {
        id: EXAMPLE_ID,
        url: 'https://hooks.example.com/pft',
        events: ['pilot.disconnected', 'pilot_totals.updated'],
        status: 'enabled',
        created_at: '2026-11-25T09:12:44.301Z',
        secret: EXAMPLE_SECRET,
    };
    id;
    url;
    events;
    status;
    created_at;
    secret;
};
exports.WebhookEndpointDto = WebhookEndpointDto;
__decorate([
    (0, swagger_1.ApiProperty)({ pattern: '^we_[0-9A-HJKMNP-TV-Z]{26}$' }),
    __metadata("design:type", String)
], WebhookEndpointDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'uri' }),
    __metadata("design:type", String)
], WebhookEndpointDto.prototype, "url", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: [String], enum: domain_1.SUBSCRIBABLE_EVENT_TYPES }),
    __metadata("design:type", Array)
], WebhookEndpointDto.prototype, "events", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        enum: ['enabled', 'disabled'],
        description: '`disabled` after 5 days in which every attempt failed, or by an operator',
    }),
    __metadata("design:type", String)
], WebhookEndpointDto.prototype, "status", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], WebhookEndpointDto.prototype, "created_at", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        description: 'The signing secret, `whsec_` and the base64 of 32 random bytes: shown only when the endpoint is ' +
            'created or its secret rotated. Verify deliveries with any Standard Webhooks library.',
    }),
    __metadata("design:type", String)
], WebhookEndpointDto.prototype, "secret", void 0);
exports.WebhookEndpointDto = WebhookEndpointDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'WebhookEndpoint', description: 'A webhook endpoint of the calling partner' })
], WebhookEndpointDto);
let WebhookEndpointsDto = class WebhookEndpointsDto {
    static example = {
        endpoints: [{ ...WebhookEndpointDto.example, secret: undefined }],
    };
    endpoints;
};
exports.WebhookEndpointsDto = WebhookEndpointsDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [WebhookEndpointDto] }),
    __metadata("design:type", Array)
], WebhookEndpointsDto.prototype, "endpoints", void 0);
exports.WebhookEndpointsDto = WebhookEndpointsDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'WebhookEndpoints', description: 'The calling partner’s endpoints, without secrets' })
], WebhookEndpointsDto);
let DeletedWebhookEndpointDto = class DeletedWebhookEndpointDto {
    static example = { id: EXAMPLE_ID, status: 'deleted' };
    id;
    status;
};
exports.DeletedWebhookEndpointDto = DeletedWebhookEndpointDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], DeletedWebhookEndpointDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['deleted'] }),
    __metadata("design:type", String)
], DeletedWebhookEndpointDto.prototype, "status", void 0);
exports.DeletedWebhookEndpointDto = DeletedWebhookEndpointDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'DeletedWebhookEndpoint' })
], DeletedWebhookEndpointDto);
let WebhookTestQueuedDto = class WebhookTestQueuedDto {
    static example = { id: EXAMPLE_ID, status: 'queued' };
    id;
    status;
};
exports.WebhookTestQueuedDto = WebhookTestQueuedDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], WebhookTestQueuedDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['queued'] }),
    __metadata("design:type", String)
], WebhookTestQueuedDto.prototype, "status", void 0);
exports.WebhookTestQueuedDto = WebhookTestQueuedDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'WebhookTestQueued', description: 'A `webhook.test` event was queued for the endpoint' })
], WebhookTestQueuedDto);
let WebhookDeliveryDto = class WebhookDeliveryDto {
    event_id;
    type;
    created_at;
    attempts;
    status;
    last_response_status;
    next_attempt_at;
};
exports.WebhookDeliveryDto = WebhookDeliveryDto;
__decorate([
    (0, swagger_1.ApiProperty)({ pattern: '^evt_[0-9A-HJKMNP-TV-Z]{26}$', description: 'The `webhook-id` of its requests' }),
    __metadata("design:type", String)
], WebhookDeliveryDto.prototype, "event_id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['pilot.linked', 'pilot.disconnected', 'pilot_totals.updated', 'webhook.test'] }),
    __metadata("design:type", String)
], WebhookDeliveryDto.prototype, "type", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], WebhookDeliveryDto.prototype, "created_at", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: 'integer' }),
    __metadata("design:type", Number)
], WebhookDeliveryDto.prototype, "attempts", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ enum: ['pending', 'delivered', 'failed'] }),
    __metadata("design:type", String)
], WebhookDeliveryDto.prototype, "status", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({
        type: 'integer',
        nullable: true,
        description: 'The HTTP status of the last attempt, if any',
    }),
    __metadata("design:type", Object)
], WebhookDeliveryDto.prototype, "last_response_status", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: 'string', format: 'date-time', nullable: true, description: 'While pending' }),
    __metadata("design:type", Object)
], WebhookDeliveryDto.prototype, "next_attempt_at", void 0);
exports.WebhookDeliveryDto = WebhookDeliveryDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'WebhookDelivery', description: 'One event’s delivery to the endpoint' })
], WebhookDeliveryDto);
let WebhookDeliveriesDto = class WebhookDeliveriesDto {
    static example = {
        deliveries: [
            {
                event_id: 'evt_01JDQ3R2C8W4H6Y1M9F5K3T7AB',
                type: 'pilot_totals.updated',
                created_at: '2026-11-25T09:14:02.117Z',
                attempts: 2,
                status: 'pending',
                last_response_status: 503,
                next_attempt_at: '2026-11-25T09:19:07.402Z',
            },
        ],
    };
    deliveries;
};
exports.WebhookDeliveriesDto = WebhookDeliveriesDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [WebhookDeliveryDto] }),
    __metadata("design:type", Array)
], WebhookDeliveriesDto.prototype, "deliveries", void 0);
exports.WebhookDeliveriesDto = WebhookDeliveriesDto = __decorate([
    (0, swagger_1.ApiSchema)({ name: 'WebhookDeliveries', description: 'The endpoint’s deliveries, newest first' })
], WebhookDeliveriesDto);
//# sourceMappingURL=webhook-endpoints.dto.js.map