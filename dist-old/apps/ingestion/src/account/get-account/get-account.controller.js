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
exports.GetAccountController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_privacy_schemas_1 = require("../../openapi/pilot-app-privacy.schemas");
const get_account_query_1 = require("./get-account.query");
let GetAccountController = class GetAccountController {
    queryBus;
    constructor(queryBus) {
        this.queryBus = queryBus;
    }
    get(pilot) {
        return this.queryBus.execute(new get_account_query_1.GetAccountQuery(pilot));
    }
};
exports.GetAccountController = GetAccountController;
__decorate([
    (0, common_1.Get)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'account',
        summary: "The account's status",
        retry: 'safe: it only reads.',
        description: 'active: in use (an account never used is active too). erasing: an erasure asked for with DELETE is ' +
            'under way; once it completes the account is active again, and empty.',
        servedDuringErasure: true,
        success: { status: 200, data: pilot_app_privacy_schemas_1.ACCOUNT_STATUS, description: 'The account’s status' },
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String]),
    __metadata("design:returntype", Promise)
], GetAccountController.prototype, "get", null);
exports.GetAccountController = GetAccountController = __decorate([
    (0, common_1.Controller)('pilot/v1/account'),
    __metadata("design:paramtypes", [cqrs_1.QueryBus])
], GetAccountController);
//# sourceMappingURL=get-account.controller.js.map