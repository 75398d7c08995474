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
exports.GetAccessHistoryController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const event_store_1 = require("../../../../libs/event-store/src/index.js");
const current_pilot_decorator_1 = require("../auth/current-pilot.decorator");
const pilot_app_operation_1 = require("../openapi/pilot-app-operation");
const pilot_app_privacy_schemas_1 = require("../openapi/pilot-app-privacy.schemas");
const access_history_view_1 = require("./access-history.view");
const get_access_history_query_1 = require("./get-access-history.query");
const DAYS_RULE = `must be a whole number from 1 to ${access_history_view_1.MAX_HISTORY_DAYS}`;
let GetAccessHistoryController = class GetAccessHistoryController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    get(pilot, params) {
        const days = (0, access_history_view_1.parseHistoryDays)(params.days);
        if (days === null)
            throw (0, event_store_1.invalidRequest)([{ field: 'days', issue: 'out_of_range', message: DAYS_RULE }]);
        return this.queryBus.execute(new get_access_history_query_1.GetAccessHistoryQuery(pilot, days));
    }
};
exports.GetAccessHistoryController = GetAccessHistoryController;
__decorate([
    (0, common_1.Get)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'privacy',
        summary: 'Which partners read the pilot’s totals, and when',
        retry: 'safe: it only reads.',
        description: 'For each partner the pilot is linked to, or that linked, disconnected or read in the last `days` UTC ' +
            'days (1 to 365, default 90; today is one of them): its links and disconnects, and per day the number ' +
            'of reads of the pilot’s totals (a batch read counts once for each pilot it answers) with the time of ' +
            'the last. Newest first. Reads are counted by each partner API replica and written within seconds ' +
            '(at most a minute). Reads with sandbox keys are not recorded. Another days value: 400 INVALID_REQUEST.',
        query: [
            {
                name: 'days',
                description: '1 to 365, default 90',
                schema: { type: 'integer', minimum: 1, maximum: access_history_view_1.MAX_HISTORY_DAYS, default: 90 },
            },
        ],
        success: { status: 200, data: pilot_app_privacy_schemas_1.ACCESS_HISTORY, description: 'The access history of the period' },
        errors: ['INVALID_REQUEST'],
        errorExamples: {
            INVALID_REQUEST: [
                {
                    summary: 'days out of range',
                    message: `days ${DAYS_RULE}`,
                    details: [{ field: 'days', issue: 'out_of_range', message: DAYS_RULE }],
                },
            ],
        },
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, common_1.Query)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, Object]),
    __metadata("design:returntype", Promise)
], GetAccessHistoryController.prototype, "get", null);
exports.GetAccessHistoryController = GetAccessHistoryController = __decorate([
    (0, common_1.Controller)('pilot/v1/access-history'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], GetAccessHistoryController);
//# sourceMappingURL=get-access-history.controller.js.map