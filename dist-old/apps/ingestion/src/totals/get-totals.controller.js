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
exports.GetTotalsController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../auth/current-pilot.decorator");
const get_totals_query_1 = require("./get-totals.query");
const pilot_app_operation_1 = require("../openapi/pilot-app-operation");
const pilot_app_schemas_1 = require("../openapi/pilot-app.schemas");
let GetTotalsController = class GetTotalsController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    /** Computed live from the write side, so complete as of the moment of the read. */
    async get(pilot) {
        const totals = await this.queryBus.execute(new get_totals_query_1.GetTotalsQuery(pilot));
        return { last_updated: new Date().toISOString(), ...totals };
    }
};
exports.GetTotalsController = GetTotalsController;
__decorate([
    (0, common_1.Get)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'totals',
        summary: "The pilot's own totals",
        retry: 'safe: it only reads.',
        description: "The partner API's 2.4 without pilot_id, computed live: last_updated is the time of the read.",
        success: { status: 200, data: pilot_app_schemas_1.OWN_TOTALS, description: 'The totals' },
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], GetTotalsController.prototype, "get", null);
exports.GetTotalsController = GetTotalsController = __decorate([
    (0, common_1.Controller)('pilot/v1/totals'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], GetTotalsController);
//# sourceMappingURL=get-totals.controller.js.map