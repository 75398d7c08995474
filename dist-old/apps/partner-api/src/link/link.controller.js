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
exports.LinkController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const swagger_1 = require("@nestjs/swagger");
const platform_1 = require("../../../../libs/platform/src/index.js");
const partner_endpoint_decorator_1 = require("../auth/partner-endpoint.decorator");
const error_examples_1 = require("../openapi/error-examples");
const openapi_responses_1 = require("../openapi/openapi-responses");
const redeem_sandbox_code_command_1 = require("../sandbox/redeem-sandbox-code/redeem-sandbox-code.command");
const link_pilot_command_1 = require("./link-pilot.command");
const link_dto_1 = require("./link.dto");
let LinkController = class LinkController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    link(body, partner, request) {
        const token = linkingToken(request.headers['content-type'], body);
        // A sandbox key redeems only the sandbox's codes, a live key only pilots' codes: neither reaches the other's pilots.
        const command = partner.sandbox
            ? new redeem_sandbox_code_command_1.RedeemSandboxCodeCommand(partner.partnerId, token, request.id)
            : new link_pilot_command_1.LinkPilotCommand(partner.partnerId, token, request.id);
        return this.commandBus.execute(command);
    }
};
exports.LinkController = LinkController;
__decorate([
    (0, common_1.Post)(),
    (0, common_1.HttpCode)(200),
    (0, partner_endpoint_decorator_1.PartnerWriteEndpoint)(),
    (0, swagger_1.ApiOperation)({
        summary: 'Redeem a pilot’s linking code',
        description: 'Needs a valid key and no scope. The body is a JSON object of at most 1 KB (1024 bytes) sent as ' +
            '`application/json`. Concurrent redemptions of one code: exactly one succeeds. Send an ' +
            '`Idempotency-Key`: if the answer is lost, the same request with the same key gets the same ' +
            '`pilot_id` back, though the code is used up. With a sandbox key (`pft_test_`), only the sandbox ' +
            'codes `PFT-TEST-0000-0000-0001` to `0005` link (reusable; `0009` is always `INVALID_TOKEN`); with a ' +
            'live key they are `INVALID_TOKEN` like any unknown code.',
    }),
    (0, swagger_1.ApiConsumes)('application/json'),
    (0, openapi_responses_1.ApiJsonBody)(link_dto_1.LinkRequestDto, 'A linking code the pilot gave you'),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, link_dto_1.LinkResultDto, openapi_responses_1.IDEMPOTENT_REPLAY_HEADERS),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_TOKEN', 'INVALID_REQUEST', 'IDEMPOTENCY_CONFLICT'], {
        INVALID_REQUEST: [
            {
                summary: 'No linking_token in the body',
                message: 'linking_token is required and must be a string',
                details: [{ field: 'linking_token', issue: 'required' }],
            },
            error_examples_1.invalidIdempotencyKey,
        ],
    }),
    __param(0, (0, common_1.Body)()),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __param(2, (0, common_1.Req)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", Promise)
], LinkController.prototype, "link", null);
exports.LinkController = LinkController = __decorate([
    (0, swagger_1.ApiTags)('link'),
    (0, common_1.Controller)('v1/link'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], LinkController);
/**
 * Fastify in Nest also parses form bodies, so the media type is checked here: the contract takes JSON only.
 */
function linkingToken(contentType, body) {
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/json') {
        throw new platform_1.ApiError('INVALID_REQUEST', 'The request body must be application/json', [
            { field: 'body', issue: 'unsupported_media_type' },
        ]);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new platform_1.ApiError('INVALID_REQUEST', 'The request body must be a JSON object', [
            { field: 'body', issue: 'not_an_object' },
        ]);
    }
    const token = body.linking_token;
    if (typeof token !== 'string') {
        throw new platform_1.ApiError('INVALID_REQUEST', 'linking_token is required and must be a string', [
            { field: 'linking_token', issue: token === undefined ? 'required' : 'not_a_string' },
        ]);
    }
    return token;
}
//# sourceMappingURL=link.controller.js.map