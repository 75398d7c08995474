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
exports.SetStartingTotalsController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../auth/current-pilot.decorator");
const set_starting_totals_command_1 = require("./set-starting-totals.command");
const pilot_app_operation_1 = require("../openapi/pilot-app-operation");
const pilot_app_schemas_1 = require("../openapi/pilot-app.schemas");
let SetStartingTotalsController = class SetStartingTotalsController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    set(pilot, requestId, body) {
        return this.commandBus.execute(new set_starting_totals_command_1.SetStartingTotalsCommand(pilot, body, requestId));
    }
};
exports.SetStartingTotalsController = SetStartingTotalsController;
__decorate([
    (0, common_1.Put)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'starting totals',
        summary: 'Replace the starting totals',
        retry: 'safe: the same starting totals replace the stored ones with themselves.',
        description: 'Hours carried over from an earlier logbook; every field optional (0).',
        body: pilot_app_schemas_1.STARTING_TOTALS_BODY,
        success: { status: 200, data: pilot_app_schemas_1.STARTING_TOTALS, description: 'The stored starting totals' },
        errors: ['INVALID_REQUEST', 'WRITE_OUTCOME_UNKNOWN'],
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, current_pilot_decorator_1.RequestId)()),
    __param(2, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String, Object]),
    __metadata("design:returntype", Promise)
], SetStartingTotalsController.prototype, "set", null);
exports.SetStartingTotalsController = SetStartingTotalsController = __decorate([
    (0, common_1.Controller)('pilot/v1/starting-totals'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], SetStartingTotalsController);
//# sourceMappingURL=set-starting-totals.controller.js.map