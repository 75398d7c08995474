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
exports.AmendFlightController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const amend_flight_command_1 = require("./amend-flight.command");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_schemas_1 = require("../../openapi/pilot-app.schemas");
let AmendFlightController = class AmendFlightController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    amend(pilot, requestId, flightId, body) {
        return this.commandBus.execute(new amend_flight_command_1.AmendFlightCommand(pilot, flightId, body, requestId));
    }
};
exports.AmendFlightController = AmendFlightController;
__decorate([
    (0, common_1.Put)(':flight_id'),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'flights',
        summary: 'Replace a flight',
        retry: 'safe: the same flight replaces the stored one with itself, answered 200.',
        description: "The full flight; its flight_id must equal the path's. Unknown or deleted: 404 FLIGHT_NOT_FOUND.",
        pathParam: { name: 'flight_id', description: 'The flight to replace' },
        body: pilot_app_schemas_1.FLIGHT_BODY,
        success: { status: 200, data: pilot_app_schemas_1.STORED_FLIGHT, description: 'The stored flight' },
        errors: ['INVALID_REQUEST', 'FLIGHT_NOT_FOUND', 'WRITE_OUTCOME_UNKNOWN'],
    }),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, current_pilot_decorator_1.RequestId)()),
    __param(2, (0, common_1.Param)('flight_id')),
    __param(3, (0, common_1.Body)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String, String, Object]),
    __metadata("design:returntype", Promise)
], AmendFlightController.prototype, "amend", null);
exports.AmendFlightController = AmendFlightController = __decorate([
    (0, common_1.Controller)('pilot/v1/flights'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], AmendFlightController);
//# sourceMappingURL=amend-flight.controller.js.map