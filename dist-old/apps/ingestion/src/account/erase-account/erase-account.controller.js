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
exports.EraseAccountController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_privacy_schemas_1 = require("../../openapi/pilot-app-privacy.schemas");
const erase_account_command_1 = require("./erase-account.command");
let EraseAccountController = class EraseAccountController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    erase(pilot, requestId) {
        return this.commandBus.execute(new erase_account_command_1.EraseAccountCommand(pilot, requestId));
    }
};
exports.EraseAccountController = EraseAccountController;
__decorate([
    (0, common_1.Delete)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'account',
        summary: 'Erase the account',
        retry: 'safe: an erasure under way is not started again.',
        description: 'Within a minute: every connection is ended (partners get pilot.disconnected, their pilot_id answers ' +
            '404), the pilot’s data key is destroyed so nothing of the logbook can be read from the event store or ' +
            'the topic, and every copy derived from it is deleted. Until then every other request of the pilot ' +
            'answers 410 ACCOUNT_ERASED; afterwards the same account starts again, empty.',
        servedDuringErasure: true,
        success: { status: 202, data: pilot_app_privacy_schemas_1.ACCOUNT_STATUS, description: 'The erasure is under way' },
    }),
    (0, common_1.HttpCode)(202),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, current_pilot_decorator_1.RequestId)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String]),
    __metadata("design:returntype", Promise)
], EraseAccountController.prototype, "erase", null);
exports.EraseAccountController = EraseAccountController = __decorate([
    (0, common_1.Controller)('pilot/v1/account'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], EraseAccountController);
//# sourceMappingURL=erase-account.controller.js.map