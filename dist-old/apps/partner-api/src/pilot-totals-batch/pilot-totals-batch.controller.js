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
exports.PilotTotalsBatchController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const swagger_1 = require("@nestjs/swagger");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const partner_endpoint_decorator_1 = require("../auth/partner-endpoint.decorator");
const openapi_responses_1 = require("../openapi/openapi-responses");
const error_examples_1 = require("../openapi/error-examples");
const get_pilot_totals_batch_query_1 = require("./get-pilot-totals-batch.query");
const pilot_totals_json_1 = require("../pilot-totals/pilot-totals.json");
const pilot_totals_batch_dto_1 = require("./pilot-totals-batch.dto");
const MESSAGES = {
    required: 'pilot_ids is required',
    repeated: 'pilot_ids must be given once, as one comma-separated list',
    invalid_uuid: 'Every entry of pilot_ids must be a UUID (no empty entries, no spaces)',
    too_many: `pilot_ids must hold at most ${domain_1.MAX_BATCH_PILOT_IDS} ids`,
};
let PilotTotalsBatchController = class PilotTotalsBatchController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    async get(query, partner) {
        const parsed = (0, domain_1.parsePilotIdList)(query.pilot_ids);
        if (!parsed.ok) {
            throw new platform_1.ApiError('INVALID_REQUEST', MESSAGES[parsed.issue], [
                { field: 'pilot_ids', issue: parsed.issue },
            ]);
        }
        const batch = await this.queryBus.execute(new get_pilot_totals_batch_query_1.GetPilotTotalsBatchQuery(partner.partnerId, parsed.pilotIds, partner.readRevision, partner.sandbox));
        return new platform_1.SerializedJson((0, pilot_totals_json_1.pilotTotalsBatchJson)(batch.pilots));
    }
};
exports.PilotTotalsBatchController = PilotTotalsBatchController;
__decorate([
    (0, common_1.Get)(),
    (0, partner_endpoint_decorator_1.PartnerReadEndpoint)('pilot-totals'),
    (0, swagger_1.ApiOperation)({
        summary: 'Totals of up to 50 linked pilots',
        description: 'Scope `pilot-totals`. `pilot_ids` is a comma-separated list of 1 to 50 UUIDs, counted as sent ' +
            '(duplicates included), in any letter case. An empty entry (`a,,b`, a trailing comma) or an entry ' +
            'with spaces is not a UUID. Any of these wrong: 400 INVALID_REQUEST. Duplicates are answered once.',
    }),
    (0, swagger_1.ApiQuery)({
        name: 'pilot_ids',
        required: true,
        description: `Comma-separated UUIDs, at most ${domain_1.MAX_BATCH_PILOT_IDS}`,
        schema: { type: 'string' },
    }),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, pilot_totals_batch_dto_1.PilotTotalsBatchDto),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE'], {
        INVALID_REQUEST: [
            {
                summary: 'More than 50 ids',
                message: MESSAGES.too_many,
                details: [{ field: 'pilot_ids', issue: 'too_many' }],
            },
            {
                summary: 'An entry is not a UUID',
                message: MESSAGES.invalid_uuid,
                details: [{ field: 'pilot_ids', issue: 'invalid_uuid' }],
            },
        ],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('pilot-totals')],
    }),
    __param(0, (0, common_1.Query)()),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], PilotTotalsBatchController.prototype, "get", null);
exports.PilotTotalsBatchController = PilotTotalsBatchController = __decorate([
    (0, swagger_1.ApiTags)('pilot-totals'),
    (0, common_1.Controller)('v1/pilot-totals/batch'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], PilotTotalsBatchController);
//# sourceMappingURL=pilot-totals-batch.controller.js.map