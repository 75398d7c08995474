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
exports.DeleteFlightController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const delete_flight_command_1 = require("./delete-flight.command");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
let DeleteFlightController = class DeleteFlightController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    async remove(pilot, requestId, flightId) {
        await this.commandBus.execute(new delete_flight_command_1.DeleteFlightCommand(pilot, flightId, requestId));
    }
};
exports.DeleteFlightController = DeleteFlightController;
__decorate([
    (0, common_1.Delete)(':flight_id'),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'flights',
        summary: 'Delete a flight',
        retry: 'answered 204 when the first was not recorded, 404 FLIGHT_NOT_FOUND when it was (after a 503 WRITE_OUTCOME_UNKNOWN, that 404 means the flight is deleted; after a 503 SERVICE_UNAVAILABLE it cannot follow).',
        description: 'The flight no longer counts in any totals. Unknown, already deleted or another pilot’s: 404 ' +
            'FLIGHT_NOT_FOUND. A deleted flight_id cannot be recorded again (409 CONFLICT).',
        pathParam: { name: 'flight_id', description: 'The flight to delete' },
        success: { status: 204, description: 'Deleted' },
        errors: ['FLIGHT_NOT_FOUND', 'WRITE_OUTCOME_UNKNOWN'],
    }),
    (0, common_1.HttpCode)(204),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, current_pilot_decorator_1.RequestId)()),
    __param(2, (0, common_1.Param)('flight_id')),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String, String]),
    __metadata("design:returntype", Promise)
], DeleteFlightController.prototype, "remove", null);
exports.DeleteFlightController = DeleteFlightController = __decorate([
    (0, common_1.Controller)('pilot/v1/flights'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], DeleteFlightController);
//# sourceMappingURL=delete-flight.controller.js.map