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
exports.PilotsController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const swagger_1 = require("@nestjs/swagger");
const platform_1 = require("../../../../libs/platform/src/index.js");
const partner_endpoint_decorator_1 = require("../auth/partner-endpoint.decorator");
const openapi_responses_1 = require("../openapi/openapi-responses");
const error_examples_1 = require("../openapi/error-examples");
const pilots_dto_1 = require("./pilots.dto");
const pilots_cursor_1 = require("./pilots-cursor");
const list_linked_pilots_query_1 = require("./list-linked-pilots.query");
const MESSAGES = {
    limit: `limit must be given once, as a whole number from 1 to ${pilots_cursor_1.MAX_PILOTS_LIMIT}`,
    cursor: 'cursor must be given once, as the next_cursor of an earlier page',
};
let PilotsController = class PilotsController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    list(query, partner) {
        const parsed = (0, pilots_cursor_1.parsePilotsPageRequest)(query);
        if (!parsed.ok) {
            throw new platform_1.ApiError('INVALID_REQUEST', MESSAGES[parsed.field], [
                { field: parsed.field, issue: parsed.issue },
            ]);
        }
        return this.queryBus.execute(new list_linked_pilots_query_1.ListLinkedPilotsQuery(partner.partnerId, parsed.limit, parsed.after));
    }
};
exports.PilotsController = PilotsController;
__decorate([
    (0, common_1.Get)(),
    (0, partner_endpoint_decorator_1.PartnerReadEndpoint)('pilot-totals'),
    (0, swagger_1.ApiOperation)({
        summary: 'The pilots linked to you',
        description: 'Scope `pilot-totals`. The calling partner’s currently linked pilots, ordered by `linked_at` then ' +
            '`pilot_id`, one page at a time: pass each page’s `next_cursor` as `cursor` until it is `null`. ' +
            'A pilot linked for the whole walk is listed exactly once, whatever links and disconnects happen ' +
            'meanwhile; one linked or disconnected during the walk may or may not be. Use it to reconcile ' +
            'after lost notifications. `limit` not a whole number from 1 to 200, or `cursor` not one this API ' +
            'gave, or either repeated: 400 INVALID_REQUEST.',
    }),
    (0, swagger_1.ApiQuery)({
        name: 'limit',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: pilots_cursor_1.MAX_PILOTS_LIMIT, default: pilots_cursor_1.DEFAULT_PILOTS_LIMIT },
    }),
    (0, swagger_1.ApiQuery)({
        name: 'cursor',
        required: false,
        description: 'The `next_cursor` of the previous page',
        schema: { type: 'string' },
    }),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, pilots_dto_1.LinkedPilotsDto),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE'], {
        INVALID_REQUEST: [
            {
                summary: 'limit out of range',
                message: MESSAGES.limit,
                details: [{ field: 'limit', issue: 'out_of_range' }],
            },
            {
                summary: 'A cursor this API did not give',
                message: MESSAGES.cursor,
                details: [{ field: 'cursor', issue: 'invalid' }],
            },
        ],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('pilot-totals')],
    }),
    __param(0, (0, common_1.Query)()),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], PilotsController.prototype, "list", null);
exports.PilotsController = PilotsController = __decorate([
    (0, swagger_1.ApiTags)('pilots'),
    (0, common_1.Controller)('v1/pilots'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], PilotsController);
//# sourceMappingURL=pilots.controller.js.map