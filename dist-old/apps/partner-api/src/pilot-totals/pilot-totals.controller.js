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
exports.PilotTotalsController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const swagger_1 = require("@nestjs/swagger");
const domain_1 = require("../../../../libs/domain/src/index.js");
const platform_1 = require("../../../../libs/platform/src/index.js");
const partner_endpoint_decorator_1 = require("../auth/partner-endpoint.decorator");
const openapi_responses_1 = require("../openapi/openapi-responses");
const error_examples_1 = require("../openapi/error-examples");
const get_pilot_totals_query_1 = require("./get-pilot-totals.query");
const pilot_totals_dto_1 = require("./pilot-totals.dto");
const pilot_totals_json_1 = require("./pilot-totals.json");
let PilotTotalsController = class PilotTotalsController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    async get(query, partner) {
        const parsed = (0, domain_1.parsePilotId)(query.pilot_id);
        if (!parsed.ok) {
            throw new platform_1.ApiError('INVALID_REQUEST', 'pilot_id must be given once, as a UUID', [
                { field: 'pilot_id', issue: parsed.issue },
            ]);
        }
        const view = await this.queryBus.execute(new get_pilot_totals_query_1.GetPilotTotalsQuery(partner.partnerId, parsed.pilotId, partner.readRevision, partner.sandbox));
        return new platform_1.SerializedJson((0, pilot_totals_json_1.pilotTotalsJson)(view));
    }
};
exports.PilotTotalsController = PilotTotalsController;
__decorate([
    (0, common_1.Get)(),
    (0, partner_endpoint_decorator_1.PartnerReadEndpoint)('pilot-totals'),
    (0, swagger_1.ApiOperation)({
        summary: 'Totals of one linked pilot',
        description: 'Scope `pilot-totals`. `pilot_id` is a UUID in any letter case (answered in lower case); missing, ' +
            'empty, repeated or not a UUID: 400 INVALID_REQUEST. A pilot never linked, disconnected, or linked ' +
            'to another partner: 404 PILOT_NOT_FOUND.',
    }),
    (0, swagger_1.ApiQuery)({ name: 'pilot_id', required: true, schema: { type: 'string', format: 'uuid' } }),
    (0, openapi_responses_1.ApiEnvelopedResponse)(200, pilot_totals_dto_1.PilotTotalsDto),
    (0, openapi_responses_1.ApiPartnerErrors)(['INVALID_REQUEST', 'INSUFFICIENT_SCOPE', 'PILOT_NOT_FOUND'], {
        INVALID_REQUEST: [
            {
                summary: 'pilot_id is not a UUID',
                message: 'pilot_id must be given once, as a UUID',
                details: [{ field: 'pilot_id', issue: 'invalid_uuid' }],
            },
        ],
        INSUFFICIENT_SCOPE: [(0, error_examples_1.missingScope)('pilot-totals')],
    }),
    __param(0, (0, common_1.Query)()),
    __param(1, (0, partner_endpoint_decorator_1.CurrentPartner)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", Promise)
], PilotTotalsController.prototype, "get", null);
exports.PilotTotalsController = PilotTotalsController = __decorate([
    (0, swagger_1.ApiTags)('pilot-totals'),
    (0, common_1.Controller)('v1/pilot-totals'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], PilotTotalsController);
//# sourceMappingURL=pilot-totals.controller.js.map