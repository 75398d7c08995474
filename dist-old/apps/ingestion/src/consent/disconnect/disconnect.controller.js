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
exports.DisconnectController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const disconnect_command_1 = require("./disconnect.command");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
let DisconnectController = class DisconnectController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    async disconnect(pilot, requestId, connectionId) {
        await this.commandBus.execute(new disconnect_command_1.DisconnectCommand(pilot, connectionId, requestId));
    }
};
exports.DisconnectController = DisconnectController;
__decorate([
    (0, common_1.Delete)(':connection_id'),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'consent',
        summary: 'Disconnect a partner',
        retry: 'answered 204 when the first was not recorded, 404 CONNECTION_NOT_FOUND when it was (after a 503 WRITE_OUTCOME_UNKNOWN, that 404 means the connection has ended).',
        description: "From the moment this answers, the partner's pilot_id no longer resolves; a later link issues a new one.",
        pathParam: { name: 'connection_id', description: 'A connection_id from GET /pilot/v1/connections' },
        success: { status: 204, description: 'Disconnected' },
        errors: ['CONNECTION_NOT_FOUND', 'WRITE_OUTCOME_UNKNOWN'],
    }),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, current_pilot_decorator_1.RequestId)()),
    __param(2, (0, common_1.Param)('connection_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String, String]),
    __metadata("design:returntype", Promise)
], DisconnectController.prototype, "disconnect", null);
exports.DisconnectController = DisconnectController = __decorate([
    (0, common_1.Controller)('pilot/v1/connections'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], DisconnectController);
//# sourceMappingURL=disconnect.controller.js.map