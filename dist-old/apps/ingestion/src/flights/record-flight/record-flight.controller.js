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
exports.RecordFlightController = void 0;
const common_1 = require("@nestjs/common");
const cqrs_1 = require("@nestjs/cqrs");
const current_pilot_decorator_1 = require("../../auth/current-pilot.decorator");
const record_flight_command_1 = require("./record-flight.command");
const pilot_app_operation_1 = require("../../openapi/pilot-app-operation");
const pilot_app_schemas_1 = require("../../openapi/pilot-app.schemas");
let RecordFlightController = class RecordFlightController {
    commandBus;
    constructor(commandBus) {
        this.commandBus = commandBus;
    }
    /** 201 with the stored flight; 200 with it when the same flight was sent again. */
    async record(pilot, requestId, body, reply) {
        const result = await this.commandBus.execute(new record_flight_command_1.RecordFlightCommand(pilot, body, requestId));
        if (!result.created)
            void reply.status(200);
        return result.flight;
    }
};
exports.RecordFlightController = RecordFlightController;
__decorate([
    (0, common_1.Post)(),
    (0, pilot_app_operation_1.PilotAppOperation)({
        tag: 'flights',
        summary: 'Record a flight',
        retry: 'safe: the same flight_id with the same body answers 200 with the stored flight and records nothing new.',
        description: 'flight_id is chosen by the client: the same request sent again answers 200 with the same flight and ' +
            'records nothing new; the same flight_id with another body (or a deleted flight_id): 409 CONFLICT.',
        body: pilot_app_schemas_1.FLIGHT_BODY,
        success: { status: 201, data: pilot_app_schemas_1.STORED_FLIGHT, description: 'The stored flight' },
        alsoSuccess: { status: 200, data: pilot_app_schemas_1.STORED_FLIGHT, description: 'The same flight was sent again' },
        errors: ['INVALID_REQUEST', 'CONFLICT', 'WRITE_OUTCOME_UNKNOWN'],
    }),
    (0, common_1.HttpCode)(201),
    __param(0, (0, current_pilot_decorator_1.CurrentPilot)()),
    __param(1, (0, current_pilot_decorator_1.RequestId)()),
    __param(2, (0, common_1.Body)()),
    __param(3, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [String, String, Object, Object]),
    __metadata("design:returntype", Promise)
], RecordFlightController.prototype, "record", null);
exports.RecordFlightController = RecordFlightController = __decorate([
    (0, common_1.Controller)('pilot/v1/flights'),
    __metadata("design:paramtypes", [cqrs_1.CommandBus])
], RecordFlightController);
//# sourceMappingURL=record-flight.controller.js.map